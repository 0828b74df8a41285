/*
 * refk - the heap: segregated free lists of power-of-two size classes,
 * carved on demand from one static arena.
 *
 * A block is an 8-byte header (a tag word: magic | class, and padding to keep
 * the payload 8-byte aligned) followed by a payload of 8 << class bytes.
 * refk_heap_alloc rounds the request up to its class, pops that class's free
 * list, or carves a new block from the untouched end of the arena; free pushes
 * the block back on its class's list. Both are O(1) with no loop, so the time
 * does not depend on the heap's history. The price: no splitting or
 * coalescing, so memory freed in one class serves only that class, and up to
 * half a block is lost to rounding. The tag catches a double free or a
 * pointer that is not a block (counted in bad_frees, otherwise ignored).
 */
#include "refk_internal.h"

#define TAG_MASK 0xFFFFFF00u
#define TAG_USED 0xA110C500u
#define TAG_FREE 0xF5EEB100u
#define HDR 8u

struct free_block {
    struct free_block *next;
};

void refk_heap_init(struct refk_heap *h, void *arena, size_t bytes)
{
    uintptr_t a = ((uintptr_t)arena + 7u) & ~(uintptr_t)7u;
    uintptr_t e = ((uintptr_t)arena + bytes) & ~(uintptr_t)7u;
    unsigned i;
    h->top = (uint8_t *)a;
    h->end = (uint8_t *)(e > a ? e : a);
    for (i = 0; i < REFK_HEAP_CLASSES; i++)
        h->free[i] = NULL;
    h->bad_frees = 0;
}

/* The body, inlined into both refk_heap_alloc and the kernel heap's
 * refk_malloc (GCC inlines it there on its own for ARMv7-M, not for ARMv6-M,
 * where the extra call cost 6 instructions). */
static inline __attribute__((always_inline)) void *heap_alloc(struct refk_heap *h, size_t bytes)
{
    unsigned c;
    uint32_t pm, *tag;
    struct free_block *b;
    if (bytes - 1u >= (size_t)(8u << (REFK_HEAP_CLASSES - 1))) /* 0 or too big */
        return NULL;
    c = bytes <= 8u ? 0u : refk_arch_msb((uint32_t)(bytes - 1u)) - 2u;
    pm = refk_irq_save();
    b = h->free[c];
    if (b != NULL) {
        h->free[c] = b->next;
        tag = (uint32_t *)((uint8_t *)b - HDR);
    } else {
        size_t need = HDR + ((size_t)8u << c);
        if ((size_t)(h->end - h->top) < need) {
            refk_irq_restore(pm);
            return NULL;
        }
        tag = (uint32_t *)h->top;
        h->top += need;
        b = (struct free_block *)((uint8_t *)tag + HDR);
    }
    *tag = TAG_USED | c;
    refk_irq_restore(pm);
    return b;
}

void refk_heap_free(struct refk_heap *h, void *p)
{
    uint32_t pm, *tag, t;
    struct free_block *b = p;
    if (p == NULL)
        return;
    tag = (uint32_t *)((uint8_t *)p - HDR);
    pm = refk_irq_save();
    t = *tag;
    if ((t & TAG_MASK) != TAG_USED || (t & 0xFFu) >= REFK_HEAP_CLASSES) {
        h->bad_frees++;
        refk_irq_restore(pm);
        return;
    }
    *tag = TAG_FREE | (t & 0xFFu);
    b->next = h->free[t & 0xFFu];
    h->free[t & 0xFFu] = b;
    refk_irq_restore(pm);
}

void *refk_heap_alloc(struct refk_heap *h, size_t bytes)
{
    return heap_alloc(h, bytes);
}

/* ---- the kernel's heap ---------------------------------------------------- */

static uint64_t heap_arena[REFK_HEAP_BYTES / 8u];
static struct refk_heap kernel_heap;

void refk_heap_setup(void);
void refk_heap_setup(void)
{
    refk_heap_init(&kernel_heap, heap_arena, sizeof heap_arena);
}

void *refk_malloc(size_t bytes)
{
    return heap_alloc(&kernel_heap, bytes);
}

void refk_free(void *p)
{
    refk_heap_free(&kernel_heap, p);
}
