/*
 * rtbench host - a hash index from strings to positions (idmap.h): open
 * addressing with linear probing, grown at half full.
 */
#include "idmap.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

uint32_t idmap_hash(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

size_t idmap_find(const struct idmap *m, const char *key, idmap_key_fn fn, const void *ctx)
{
    if (!m->cap)
        return (size_t)-1;
    uint32_t h = idmap_hash(key);
    for (size_t k = h & (m->cap - 1);; k = (k + 1) & (m->cap - 1)) {
        if (!m->slot[k])
            return (size_t)-1;
        if (m->hash[k] == h && strcmp(fn(ctx, m->slot[k] - 1), key) == 0)
            return m->slot[k] - 1;
    }
}

/* Puts position I with hash H into the first free slot of its chain. */
static void place(struct idmap *m, size_t i, uint32_t h)
{
    size_t k = h & (m->cap - 1);
    while (m->slot[k])
        k = (k + 1) & (m->cap - 1);
    m->slot[k] = i + 1;
    m->hash[k] = h;
}

static void grow(struct idmap *m)
{
    struct idmap old = *m;
    m->cap = old.cap ? old.cap * 2 : 64;
    m->slot = xcalloc(m->cap, sizeof *m->slot);
    m->hash = xcalloc(m->cap, sizeof *m->hash);
    for (size_t k = 0; k < old.cap; k++)
        if (old.slot[k])
            place(m, old.slot[k] - 1, old.hash[k]);
    free(old.slot);
    free(old.hash);
}

void idmap_add(struct idmap *m, size_t i, idmap_key_fn fn, const void *ctx)
{
    const char *key = fn(ctx, i);
    if (idmap_find(m, key, fn, ctx) != (size_t)-1)
        return;
    if (2 * (m->n + 1) > m->cap)
        grow(m);
    place(m, i, idmap_hash(key));
    m->n++;
}

void idmap_free(struct idmap *m)
{
    free(m->slot);
    free(m->hash);
    memset(m, 0, sizeof *m);
}
