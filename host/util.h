/*
 * rtbench host - small shared helpers: checked allocation, strings, glob
 * matching, time stamps.
 */
#ifndef RTBH_UTIL_H
#define RTBH_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Allocation that never returns NULL (prints one line and exits 2 on failure). */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* Room for one more element of an array of N elements of SIZE bytes that
 * only ever grows through this call: its capacity doubles (8, 16, 32, ...),
 * so that N appends cost O(N) copying whatever the allocator (ASan's
 * realloc always moves). Returns the (maybe moved) array. */
void *xgrow(void *p, size_t n, size_t size);
char *xstrdup(const char *s); /* NULL stays NULL */
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The file name of PATH: what follows its last '/' (PATH itself without one). */
const char *path_base(const char *path);
/* Appends S (owned from then on) to the NULL-terminated vector *V of *N
 * strings, growing it. */
void strv_push(char ***v, size_t *n, char *s);

/* Glob match: '*' any run of characters, '?' one character. 1 on match. */
int glob_match(const char *pattern, const char *s);

/* Monotonic clock in milliseconds (for timeouts). */
long now_ms(void);

/* Current UTC time as "YYYY-MM-DDTHH:MM:SSZ" into buf (>= 21 bytes). */
void iso_now(char *buf, size_t len);

/* Host name of this machine ("unknown" if it cannot be read). */
const char *host_name(void);
/* Who process PID is now (Linux /proc/PID/stat): its start time in clock
 * ticks after boot (a reused PID has another) and whether its name starts
 * "rtbench". 0, or -1 when there is no such process (or no /proc). */
int proc_identity(long pid, unsigned long long *start, int *is_rtbench);

/* Strict unsigned decimal parse of the whole string; 0 or -1. */
int parse_u64(const char *s, uint64_t *out);
/* Strict decimal (optionally signed, optional fraction) parse; 0 or -1. */
int parse_double(const char *s, double *out);

/* snprintf into err (errlen may be 0); returns -1 for `return errf(...)`. */
int errf(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Up to CAP-1 bytes of S (LEN bytes) into OUT for a message, control and
 * non-ASCII bytes as '?'. */
void printable_copy(char *out, size_t cap, const char *s, size_t len);

#endif /* RTBH_UTIL_H */
