/*
 * rtbench host - turning a --target spec into a command to start.
 *   host       the POSIX target next to this binary (build/rtbench-posix)
 *   cmd:ARGS   any command (split on spaces, no shell) printing rtbench records
 *   qemu:BOARD a Cortex-M image under QEMU (target_qemu.c)
 */
#ifndef RTBH_TARGET_H
#define RTBH_TARGET_H

#include <stddef.h>

struct target_cmd {
    char **argv;      /* NULL-terminated, heap-allocated */
    char *source;     /* stored as run.source ("host", "qemu:mps2-an385", ...) */
    char **extra_hdr; /* NULL-terminated key,value,key,value... added to the run header (ram, rom,
                         icount) */
};

/* Resolve `spec` with the runner's options (filter, iterations) appended as the
 * target understands them. 0, or -1 with a one-line message in err. */
int target_resolve(const char *spec, const char *filter, unsigned iterations, int icount,
                   struct target_cmd *out, char *err, size_t errlen);
void target_cmd_free(struct target_cmd *c);

/* qemu:BOARD (target_qemu.c): build the image if needed, return the QEMU argv. */
int target_qemu_resolve(const char *board, const char *filter, unsigned iterations, int icount,
                        struct target_cmd *out, char *err, size_t errlen);

#endif /* RTBH_TARGET_H */
