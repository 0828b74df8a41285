/*
 * refk - the highest set bit of a word without CLZ, which ARMv6-M does not
 * have (GCC's __builtin_clz is a call into libgcc there). Portable C, so the
 * host unit tests check it against __builtin_clz (tests/host).
 */
#ifndef REFK_MSB_H
#define REFK_MSB_H

#include <stdint.h>

/* The highest set bit of each byte value (refk_msb.c). */
extern const uint8_t refk_msb8[256];

/* The highest set bit of x (x != 0): at most two tests to find its highest
 * non-zero byte, then that byte's entry of a 256-byte table - 6 or 7
 * Thumb-1 instructions, no loop (a 16/8/4-bit binary search with a 16-entry
 * table took 11 to 13). */
static inline unsigned refk_msb_nclz(uint32_t x)
{
    if (x >> 16) {
        if (x >> 24)
            return 24u + refk_msb8[x >> 24];
        return 16u + refk_msb8[x >> 16];
    }
    if (x >> 8)
        return 8u + refk_msb8[x >> 8];
    return refk_msb8[x];
}

#endif /* REFK_MSB_H */
