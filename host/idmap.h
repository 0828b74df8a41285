/*
 * rtbench host - a hash index from strings to positions (0..n-1) in an
 * array the caller owns: finding a metric by id in O(1), so that no pass
 * over a run is quadratic in its number of metrics.
 *
 * The index keeps positions and hashes, not the strings: KEY(ctx, i) gives
 * the string at position i when a lookup has to compare.
 */
#ifndef RTBH_IDMAP_H
#define RTBH_IDMAP_H

#include <stddef.h>
#include <stdint.h>

typedef const char *(*idmap_key_fn)(const void *ctx, size_t i);

struct idmap {
    size_t *slot;   /* position + 1, 0 for empty */
    uint32_t *hash; /* the hash of each slot's key */
    size_t cap, n;  /* slots (a power of two), positions held */
};

uint32_t idmap_hash(const char *s);
/* Position of KEY, or (size_t)-1. */
size_t idmap_find(const struct idmap *m, const char *key, idmap_key_fn fn, const void *ctx);
/* Adds position I (whose key is fn(ctx, i)); an existing key keeps its first position. */
void idmap_add(struct idmap *m, size_t i, idmap_key_fn fn, const void *ctx);
void idmap_free(struct idmap *m);

#endif /* RTBH_IDMAP_H */
