/*
 * rtbench - the samples of a result in S records (runner_internal.h,
 * format in docs/records.md): ascending, each chunk's first value whole and
 * every next one as its difference from the one before, written as groups
 * of 5 bits, least significant first, one character each from a 64-letter
 * alphabet whose upper half marks a group with more to come. Sorted samples
 * of a timed window differ by little: most take one character.
 *
 * No memory of its own beyond one chunk on the stack; called after the
 * statistics, never inside a timed window.
 */
#include <stddef.h>
#include <stdint.h>

#include "runner_internal.h"

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

#define GROUP_MAX 7u /* characters of the largest 32-bit value */

static size_t put_value(char *out, uint32_t v)
{
    size_t n = 0;
    while (v >= 32u) {
        out[n++] = alphabet[32u + (v & 31u)];
        v >>= 5;
    }
    out[n++] = alphabet[v];
    return n;
}

uint32_t rtb_samples_chunk(char *out, size_t cap, const uint32_t *sorted, uint32_t from, uint32_t n)
{
    size_t len = 0;
    uint32_t prev = 0, i = from;

    while (i < n && len + GROUP_MAX < cap) {
        len += put_value(out + len, sorted[i] - prev);
        prev = sorted[i];
        i++;
    }
    out[len] = '\0';
    return i;
}
