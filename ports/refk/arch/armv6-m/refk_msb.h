/*
 * refk - the highest set bit of a word without CLZ, which ARMv6-M does not
 * have (GCC's __builtin_clz is a call into libgcc there). Portable C, so the
 * host unit tests check it against __builtin_clz (tests/host).
 */
#ifndef REFK_MSB_H
#define REFK_MSB_H

#include <stdint.h>

/* The highest set bit of x (x != 0): a binary search over 16, 8 and 4 bits,
 * then a table of the last 4 - about a dozen Thumb-1 instructions, no loop. */
static inline unsigned refk_msb_nclz(uint32_t x)
{
    static const uint8_t top4[16] = {0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3};
    unsigned n = 0;
    if (x >> 16) {
        x >>= 16;
        n = 16;
    }
    if (x >> 8) {
        x >>= 8;
        n += 8;
    }
    if (x >> 4) {
        x >>= 4;
        n += 4;
    }
    return n + top4[x];
}

#endif /* REFK_MSB_H */
