/*
 * rtbench host - running targets (target/target.h: target_start, target_poll,
 * target_run) whatever their kind: each running target is a struct
 * target_proc behind its kind's table of functions (target/internal.h), so
 * that one poll() waits on the descriptors of every target at once (sweep).
 * The kind is the target command's (target_cmd.kind, set by its resolver:
 * NULL is a process, target/process.c; a serial: port is target/serial.c);
 * this file calls a kind only through its table.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "target/internal.h"
#include "util.h"

int target_start(const struct target_cmd *t, unsigned timeout_s, target_line_fn on_line, void *ctx,
                 struct target_proc **out, char *err, size_t errlen)
{
    struct target_proc *p = xcalloc(1, sizeof *p);
    target_signals_catch();
    int rc;
    const struct target_kind *kind = t->kind ? t->kind : &target_process_kind;
    int sig = target_interrupted();
    if (sig) /* rtbench was interrupted: start nothing more */
        rc = errf(err, errlen, "interrupted by %s", target_signal_name(sig));
    else
        rc = kind->start(p, t, timeout_s, on_line, ctx, err, errlen);
    if (rc != 0) {
        target_signals_release();
        free(p);
        return -1;
    }
    *out = p;
    return 0;
}

int target_poll(struct target_proc **procs, size_t n, struct target_ending *end)
{
    struct pollfd *pf = xcalloc(n ? n * TARGET_MAX_FDS : 1, sizeof *pf);
    long t = now_ms();
    int wait = TARGET_POLL_MS;
    for (size_t i = 0; i < n * TARGET_MAX_FDS; i++)
        pf[i] = (struct pollfd){-1, POLLIN, 0};
    for (size_t i = 0; i < n; i++)
        if (procs[i])
            procs[i]->kind->poll_set(procs[i], t, pf + i * TARGET_MAX_FDS, &wait);
    int pr = poll(pf, (nfds_t)(n * TARGET_MAX_FDS), wait);
    if (pr < 0 && errno != EINTR)
        fprintf(stderr, "rtbench: poll: %s\n", strerror(errno));
    for (size_t i = 0; pr > 0 && i < n; i++)
        if (procs[i])
            procs[i]->kind->ready(procs[i], pf + i * TARGET_MAX_FDS);
    free(pf);
    for (size_t i = 0; i < n; i++) {
        struct target_proc *p = procs[i];
        if (!p || !p->kind->ended(p))
            continue;
        *end = p->end;
        target_proc_free(p);
        procs[i] = NULL;
        target_signals_release();
        return (int)i;
    }
    return -1;
}

int target_run(const struct target_cmd *t, unsigned timeout_s, target_line_fn on_line, void *ctx,
               struct target_ending *end, char *err, size_t errlen)
{
    struct target_proc *p;
    memset(end, 0, sizeof *end);
    if (target_start(t, timeout_s, on_line, ctx, &p, err, errlen) != 0)
        return -1;
    while (target_poll(&p, 1, end) < 0)
        ;
    return 0;
}

void target_proc_free(struct target_proc *p)
{
    if (!p)
        return;
    p->kind->release(p);
    line_reader_free(&p->lr);
    free(p);
}

void target_ending_free(struct target_ending *e)
{
    free(e->why);
    e->why = NULL;
}
