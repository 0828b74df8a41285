/*
 * rtbench host - shared helpers (see util.h).
 */
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void oom(void)
{
    fputs("rtbench: out of memory\n", stderr);
    exit(2);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        oom();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        oom();
    return q;
}

void *xgrow(void *p, size_t n, size_t size)
{
    /* the capacity of n elements is the power of two >= n (at least 8):
     * full exactly when n is 0, or a power of two of at least 8 */
    if (n != 0 && (n < 8 || (n & (n - 1)) != 0))
        return p;
    size_t cap = n < 8 ? 8 : 2 * n;
    if (cap > SIZE_MAX / size)
        oom();
    return xrealloc(p, cap * size);
}

char *xstrdup(const char *s)
{
    if (!s)
        return NULL;
    return xstrndup(s, strlen(s));
}

const char *path_base(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        oom();
    char *p = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

void strv_push(char ***v, size_t *n, char *s)
{
    *v = xgrow(*v, *n + 1, sizeof **v); /* the element and the NULL after it */
    if (*n == 0)
        *v = xgrow(*v, 0, sizeof **v);
    (*v)[(*n)++] = s;
    (*v)[*n] = NULL;
}

int glob_match(const char *p, const char *s)
{
    /* Iterative matcher with one backtrack point for the last '*'. */
    const char *star = NULL, *resume = NULL;
    while (*s) {
        if (*p == '*') {
            star = ++p;
            resume = s;
        } else if (*p == '?' || *p == *s) {
            p++;
            s++;
        } else if (star) {
            p = star;
            s = ++resume;
        } else {
            return 0;
        }
    }
    while (*p == '*')
        p++;
    return *p == '\0';
}

long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void iso_now(char *buf, size_t len)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

const char *host_name(void)
{
    static char name[256];
    if (!name[0]) {
        if (gethostname(name, sizeof name - 1) != 0 || !name[0])
            snprintf(name, sizeof name, "unknown");
    }
    return name;
}

int proc_identity(long pid, unsigned long long *start, int *is_rtbench)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = pid > 0 ? fopen(path, "r") : NULL;
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    /* "PID (COMM) STATE ...": COMM may hold blanks and ')', so from the last ')' */
    char *open = strchr(buf, '('), *close = strrchr(buf, ')'), *p = close;
    if (!open || !close || close < open)
        return -1;
    *is_rtbench = close - open - 1 >= 7 && memcmp(open + 1, "rtbench", 7) == 0;
    for (int field = 2; p && field < 22; field++) /* from field 2 (COMM) to 22 */
        p = strchr(p + 1, ' ');
    return p && sscanf(p, " %llu", start) == 1 ? 0 : -1;
}

int parse_u64(const char *s, uint64_t *out)
{
    if (!s || *s < '0' || *s > '9')
        return -1;
    /* strtoull's rule (decimal digits to the end, no overflow) without its
     * locale and errno: a record has seven of these per result */
    uint64_t v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (v >= UINT64_MAX / 10 && (v > UINT64_MAX / 10 || d > UINT64_MAX % 10))
            return -1;
        v = v * 10 + d;
    }
    if (*s)
        return -1;
    *out = v;
    return 0;
}

int parse_double(const char *s, double *out)
{
    if (!s || !*s)
        return -1;
    const char *q = s;
    if (*q == '-' || *q == '+')
        q++;
    if (*q < '0' || *q > '9')
        return -1;
    errno = 0;
    char *end;
    double v = strtod(s, &end);
    if (errno || *end || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

int errf(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void printable_copy(char *out, size_t cap, const char *s, size_t len)
{
    size_t n = 0;
    for (; n < len && n + 1 < cap; n++)
        out[n] = (s[n] >= 0x20 && s[n] < 0x7f) ? s[n] : '?';
    out[n] = '\0';
}
