/*
 * Shared by the C tests of the host tool (test_*.c): CHECK counts each
 * condition and names a failed one on stderr with its file and line.
 */
#ifndef RTBH_TESTS_CHECKS_H
#define RTBH_TESTS_CHECKS_H

#include <stdio.h>

static int passed, failed;

#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (c)                                                                                     \
            passed++;                                                                              \
        else {                                                                                     \
            failed++;                                                                              \
            fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #c);                        \
        }                                                                                          \
    } while (0)

/* Prints "NAME: N passed, N failed"; returns the exit status (1 if a check failed). */
static inline int checks_summary(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, passed, failed);
    return failed ? 1 : 0;
}

#endif /* RTBH_TESTS_CHECKS_H */
