/*
 * rtbench tests - the one check harness for every C test: host unit tests,
 * host-tool tests, the QEMU driver, and tests that run on a target image.
 *
 *   CHECK(cond)                 counts; prints "FAIL file:line: cond" when false
 *   CHECK_EQ(got, want)         integers (each evaluated once); on failure prints both
 *   CHECKF(cond, fmt, ...)      hosted only: prints "ok <msg>" or "FAIL file:line: <msg>"
 *   check_summary(name)         prints "[name: ]N passed, N failed"; returns the exit
 *                               status (0, or 1 when a check failed)
 *   check_failures()            failed checks so far (to end a test case early)
 *   check_write_uint(v)         prints an unsigned integer through CHECK_WRITE (for
 *                               freestanding tests, which have no printf)
 *
 * Output goes through CHECK_WRITE(const char *s). Hosted builds (the default)
 * write to stdout with stdio. A freestanding test (an image with no libc) defines
 * CHECK_FREESTANDING and CHECK_WRITE before including this header; CHECKF is then
 * not available and integers are printed without printf.
 *
 * Every test ends with the summary line, which ctest's output and CI read.
 */
#ifndef RTB_TESTS_CHECK_H
#define RTB_TESTS_CHECK_H

#include <stdint.h>

#ifndef CHECK_FREESTANDING
#include <stdarg.h>
#include <stdio.h>
#ifndef CHECK_WRITE
#define CHECK_WRITE(s) fputs((s), stdout)
#endif
#else
#ifndef CHECK_WRITE
#error "CHECK_FREESTANDING needs CHECK_WRITE(s): the test's output hook"
#endif
#endif

static unsigned check_passed_, check_failed_;

static void check_write_u64_(uint64_t v)
{
    char b[21];
    int i = 20;

    b[20] = 0;
    do {
        b[--i] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    CHECK_WRITE(&b[i]);
}

static void check_fail_at_(const char *file, int line)
{
    check_failed_++;
    CHECK_WRITE("FAIL ");
    CHECK_WRITE(file);
    CHECK_WRITE(":");
    check_write_u64_((uint64_t)line);
    CHECK_WRITE(": ");
}

static inline int check_bool_(int ok, const char *expr, const char *file, int line)
{
    if (ok) {
        check_passed_++;
        return 1;
    }
    check_fail_at_(file, line);
    CHECK_WRITE(expr);
    CHECK_WRITE("\n");
    return 0;
}

static inline int check_eq_(uint64_t got, uint64_t want, const char *expr, const char *file,
                            int line)
{
    if (got == want) {
        check_passed_++;
        return 1;
    }
    check_fail_at_(file, line);
    CHECK_WRITE(expr);
    CHECK_WRITE(": got ");
    check_write_u64_(got);
    CHECK_WRITE(", want ");
    check_write_u64_(want);
    CHECK_WRITE("\n");
    return 0;
}

#define CHECK(cond) check_bool_((cond) ? 1 : 0, #cond, __FILE__, __LINE__)
#define CHECK_EQ(got, want)                                                                        \
    check_eq_((uint64_t)(got), (uint64_t)(want), #got " == " #want, __FILE__, __LINE__)

#ifndef CHECK_FREESTANDING
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static inline int
check_fmt_(int ok, const char *file, int line, const char *fmt, ...)
{
    char msg[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (ok) {
        check_passed_++;
        CHECK_WRITE("ok   ");
    } else {
        check_fail_at_(file, line);
    }
    CHECK_WRITE(msg);
    CHECK_WRITE("\n");
    return ok;
}
#define CHECKF(cond, ...) check_fmt_((cond) ? 1 : 0, __FILE__, __LINE__, __VA_ARGS__)
#endif

static inline void check_write_uint(uint64_t v)
{
    check_write_u64_(v);
}

static inline unsigned check_failures(void)
{
    return check_failed_;
}

static inline int check_summary(const char *name)
{
    if (name && name[0]) {
        CHECK_WRITE(name);
        CHECK_WRITE(": ");
    }
    check_write_u64_(check_passed_);
    CHECK_WRITE(" passed, ");
    check_write_u64_(check_failed_);
    CHECK_WRITE(" failed\n");
    return check_failed_ ? 1 : 0;
}

#endif /* RTB_TESTS_CHECK_H */
