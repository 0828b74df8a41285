/* ELF32 little-endian reader of the cycle model (see cm_elf.h). */
#include "cm_elf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rd32(const struct cm_elf *e, size_t off)
{
    if (off + 4 > e->size)
        return 0;
    const uint8_t *p = e->data + off;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t rd16(const struct cm_elf *e, size_t off)
{
    if (off + 2 > e->size)
        return 0;
    return (uint16_t)(e->data[off] | e->data[off + 1] << 8);
}

#define PT_LOAD 1u
#define PF_X 1u
#define SHT_SYMTAB 2u
#define STT_FUNC 2u

int cm_elf_open(struct cm_elf *e, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    long n;

    memset(e, 0, sizeof *e);
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 52 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        snprintf(err, errlen, "%s: not an ELF file", path);
        return -1;
    }
    e->data = malloc((size_t)n);
    e->size = (size_t)n;
    if (!e->data || fread(e->data, 1, e->size, f) != e->size) {
        fclose(f);
        cm_elf_close(e);
        snprintf(err, errlen, "%s: read failed", path);
        return -1;
    }
    fclose(f);
    if (memcmp(e->data, "\177ELF", 4) != 0 || e->data[4] != 1 || e->data[5] != 1 ||
        rd16(e, 18) != 40) {
        cm_elf_close(e);
        snprintf(err, errlen, "%s: not a 32-bit little-endian ARM ELF file", path);
        return -1;
    }
    e->lowest_load = UINT32_MAX;
    uint32_t phoff = rd32(e, 28);
    unsigned phentsize = rd16(e, 42), phnum = rd16(e, 44);
    for (unsigned i = 0; i < phnum; i++) {
        size_t ph = phoff + (size_t)i * phentsize;
        if (rd32(e, ph) == PT_LOAD && (rd32(e, ph + 24) & PF_X) && rd32(e, ph + 16) > 0 &&
            rd32(e, ph + 12) < e->lowest_load)
            e->lowest_load = rd32(e, ph + 12);
    }
    if (e->lowest_load == UINT32_MAX)
        e->lowest_load = 0;
    return 0;
}

void cm_elf_close(struct cm_elf *e)
{
    free(e->data);
    e->data = NULL;
    e->size = 0;
}

static bool find_seg(const struct cm_elf *e, uint32_t addr, bool code_only, size_t *off)
{
    uint32_t phoff = rd32(e, 28);
    unsigned phentsize = rd16(e, 42), phnum = rd16(e, 44);
    for (unsigned i = 0; i < phnum; i++) {
        size_t ph = phoff + (size_t)i * phentsize;
        uint32_t offset = rd32(e, ph + 4), paddr = rd32(e, ph + 12), filesz = rd32(e, ph + 16);
        if (rd32(e, ph) != PT_LOAD || (code_only && !(rd32(e, ph + 24) & PF_X)))
            continue;
        if (addr >= paddr && addr - paddr < filesz) {
            if (off)
                *off = offset + (addr - paddr);
            return true;
        }
    }
    return false;
}

bool cm_elf_word(const struct cm_elf *e, uint32_t addr, uint32_t *out)
{
    size_t off;
    if (!e->data || !find_seg(e, addr, false, &off) || off + 4 > e->size)
        return false;
    *out = rd32(e, off);
    return true;
}

bool cm_elf_is_code(const struct cm_elf *e, uint32_t addr)
{
    return e->data && find_seg(e, addr, true, NULL);
}

static void each_symbol(const struct cm_elf *e,
                        bool (*fn)(const char *name, uint32_t value, unsigned type, void *ctx),
                        void *ctx)
{
    uint32_t shoff = rd32(e, 32);
    unsigned shentsize = rd16(e, 46), shnum = rd16(e, 48);
    if (!e->data || shoff == 0)
        return;
    for (unsigned i = 0; i < shnum; i++) {
        size_t sh = shoff + (size_t)i * shentsize;
        if (rd32(e, sh + 4) != SHT_SYMTAB)
            continue;
        uint32_t off = rd32(e, sh + 16), size = rd32(e, sh + 20), link = rd32(e, sh + 24);
        uint32_t entsize = rd32(e, sh + 36);
        if (link >= shnum || entsize < 16)
            continue;
        size_t strsh = shoff + (size_t)link * shentsize;
        uint32_t stroff = rd32(e, strsh + 16), strsize = rd32(e, strsh + 20);
        if ((size_t)stroff + strsize > e->size || (size_t)off + size > e->size)
            continue;
        for (uint32_t s = 0; s + entsize <= size; s += entsize) {
            uint32_t name = rd32(e, off + s), value = rd32(e, off + s + 4);
            unsigned type = e->data[off + s + 12] & 0xf;
            if (name >= strsize || memchr(e->data + stroff + name, 0, strsize - name) == NULL)
                continue;
            if (fn((const char *)e->data + stroff + name, value, type, ctx))
                return;
        }
    }
}

struct sym_find {
    const char *name;
    uint32_t value;
    bool found;
};

static bool sym_find_cb(const char *name, uint32_t value, unsigned type, void *ctx)
{
    struct sym_find *f = ctx;
    (void)type;
    if (strcmp(name, f->name) != 0)
        return false;
    f->value = value;
    f->found = true;
    return true;
}

bool cm_elf_symbol(const struct cm_elf *e, const char *name, uint32_t *out)
{
    struct sym_find f = {name, 0, false};
    each_symbol(e, sym_find_cb, &f);
    if (f.found)
        *out = f.value;
    return f.found;
}

struct fn_iter {
    void (*fn)(const char *name, uint32_t value, void *ctx);
    void *ctx;
};

static bool fn_iter_cb(const char *name, uint32_t value, unsigned type, void *ctx)
{
    struct fn_iter *it = ctx;
    if (type == STT_FUNC)
        it->fn(name, value, it->ctx);
    return false;
}

void cm_elf_functions(const struct cm_elf *e,
                      void (*fn)(const char *name, uint32_t value, void *ctx), void *ctx)
{
    struct fn_iter it = {fn, ctx};
    each_symbol(e, fn_iter_cb, &it);
}
