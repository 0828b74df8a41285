/*
 * rtbench unit tests - a minimal check harness: every check prints one line,
 * the test ends with "N passed, N failed" and exits non-zero on a failure.
 */
#ifndef RTB_TEST_CHECK_H
#define RTB_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>

static unsigned check_passed, check_failed;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (cond) {                                                                                \
            check_passed++;                                                                        \
            printf("ok   ");                                                                       \
        } else {                                                                                   \
            check_failed++;                                                                        \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
        }                                                                                          \
        printf(__VA_ARGS__);                                                                       \
        printf("\n");                                                                              \
    } while (0)

/* Compare two unsigned values (each evaluated once) and print both. */
#define CHECK_EQ(got, want, what)                                                                  \
    do {                                                                                           \
        uint64_t got_ = (uint64_t)(got), want_ = (uint64_t)(want);                                 \
        CHECK(got_ == want_, "%s: got %llu, want %llu", (what), (unsigned long long)got_,          \
              (unsigned long long)want_);                                                          \
    } while (0)

static int check_done(void)
{
    printf("%u passed, %u failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif /* RTB_TEST_CHECK_H */
