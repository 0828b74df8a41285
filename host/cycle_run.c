/*
 * rtbench host - `rtbench run --cycle-model`: the marked image's run under
 * the cycle-model plugin, before the plain run that is stored (cycle_model.h).
 *
 * Every way this can fail is one line on stderr and exit 2, before anything
 * is stored: a model or wait-state count the model does not know, or one that
 * does not suit the board (checked before anything runs), the plugin missing,
 * QEMU refusing it, the marked run failing, or marks that do not bracket the
 * counter's windows.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cycle_model.h"
#include "record_parser.h"
#include "target/target.h"
#include "util.h"

static int on_marked_line(void *ctx, const char *line, size_t len)
{
    if (line)
        record_parser_feed(ctx, line, len);
    else /* longer than RTBH_LINE_MAX */
        record_parser_long_line(ctx, len);
    return 0; /* QEMU ends on its own when the image exits */
}

/* The first line of FILE that contains NEEDLE (any line if NULL), into BUF; 0 if none. */
static int file_line(const char *file, const char *needle, char *buf, size_t len)
{
    FILE *f = fopen(file, "r");
    char line[512];
    int found = 0;
    while (f && !found && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] && (!needle || strstr(line, needle))) {
            printable_copy(buf, len, line, strlen(line));
            found = 1;
        }
    }
    if (f)
        fclose(f);
    return found;
}

/* Why the marked run failed, in one line, from how it ended and its logs. */
static void marked_failure(const struct cycle_run *cr, const struct target_ending *end, char *err,
                           size_t errlen)
{
    char qemu_line[256], plugin_line[256], path[192];
    snprintf(path, sizeof path, "%s/qemu.err", cr->dir);
    if (file_line(path, "plugin", qemu_line, sizeof qemu_line)) {
        snprintf(path, sizeof path, "%s/plugin.log", cr->dir);
        if (file_line(path, "cycle-model:", plugin_line, sizeof plugin_line))
            errf(err, errlen, "QEMU refused the cycle-model plugin: %s", plugin_line);
        else
            errf(err, errlen, "QEMU refused the cycle-model plugin: %s", qemu_line);
        return;
    }
    if (!file_line(path, NULL, qemu_line, sizeof qemu_line))
        snprintf(qemu_line, sizeof qemu_line, "no message");
    errf(err, errlen, "cycle model: the marked image's run failed (%s; QEMU: %s)",
         end->why ? end->why : "no complete run in its output", qemu_line);
}

/* Runs MARKED, takes its one complete run into *OUT; 0, or -1 with a message. */
static int run_marked(struct cycle_run *cr, const struct target_cmd *marked, unsigned timeout_s,
                      struct run **out, char *err, size_t errlen)
{
    struct record_parser p;
    struct target_ending end;
    int rc = 0;
    *out = NULL;
    record_parser_init(&p);
    if (target_run(marked, timeout_s, on_marked_line, &p, &end, err, errlen) != 0) {
        record_parser_free(&p);
        return -1;
    }
    record_parser_finish(&p);
    if (end.why || p.n_runs != 1 || p.runs[0]->status != RUN_COMPLETE || p.issues.total)
        rc = -1;
    if (rc != 0)
        marked_failure(cr, &end, err, errlen);
    else
        *out = record_parser_take(&p, 0);
    target_ending_free(&end);
    record_parser_free(&p);
    return rc;
}

/* Resolves and runs the marked image, builds the outcome; 0 or -1 with a message. */
static int measure(struct cycle_run *cr, const char *board, const struct target_options *opt,
                   unsigned timeout_s, struct target_cmd *plain, char *err, size_t errlen)
{
    char result[192], plugin_log[192], qemu_err[192];
    snprintf(result, sizeof result, "%s/result.txt", cr->dir);
    snprintf(plugin_log, sizeof plugin_log, "%s/plugin.log", cr->dir);
    snprintf(qemu_err, sizeof qemu_err, "%s/qemu.err", cr->dir);
    struct cycle_target ct = {cr->spec.plugin_args, result, plugin_log, qemu_err};
    struct target_cmd marked;
    const char *isa = NULL;
    if (target_qemu_resolve_cycle(board, opt, &ct, plain, &marked, &isa, err, errlen) != 0)
        return -1;
    struct run *mrun = NULL;
    struct cycle_result res;
    int rc = run_marked(cr, &marked, timeout_s, &mrun, err, errlen);
    target_cmd_free(&marked);
    if (rc == 0 && cycle_result_read(result, &res, err, errlen) == 0) {
        rc = cycle_outcome_build(mrun, &res, &cr->outcome, err, errlen);
        cycle_result_free(&res);
        return rc;
    }
    run_delete(mrun);
    return -1;
}

int cycle_run_prepare(const char *spec, const char *board, const struct target_options *opt,
                      unsigned timeout_s, struct cycle_run *cr, struct target_cmd *plain)
{
    char err[512];
    memset(cr, 0, sizeof *cr);
    memset(plain, 0, sizeof *plain);
    /* the model and the board first: nothing is built or run for a wrong name */
    const char *isa = target_qemu_board_isa(board);
    if (cycle_spec_parse(spec, isa, &cr->spec, err, sizeof err) != 0) {
        fprintf(stderr, "rtbench run: %s\n", err);
        return 2;
    }
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp || strlen(tmp) > sizeof cr->dir - 24)
        tmp = "/tmp";
    snprintf(cr->dir, sizeof cr->dir, "%s/rtbench-cycle.XXXXXX", tmp);
    if (!mkdtemp(cr->dir)) {
        fprintf(stderr, "rtbench run: cannot create a temporary directory in %s: %s\n", tmp,
                strerror(errno));
        cr->dir[0] = '\0';
        return 2;
    }
    if (isatty(STDERR_FILENO)) /* progress, as run shows it: on a terminal only here */
        fprintf(stderr, "rtbench run: cycle model %s: the marked image under the plugin...\r",
                cr->spec.plugin_args);
    if (measure(cr, board, opt, timeout_s, plain, err, sizeof err) != 0) {
        fprintf(stderr, "rtbench run: %s\n", err);
        target_cmd_free(plain);
        cycle_run_free(cr);
        return 2;
    }
    return 0;
}

void cycle_run_free(struct cycle_run *cr)
{
    static const char *const files[] = {"result.txt", "plugin.log", "qemu.err"};
    cycle_outcome_free(&cr->outcome);
    if (cr->dir[0]) {
        for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
            char *p = xasprintf("%s/%s", cr->dir, files[i]);
            unlink(p);
            free(p);
        }
        rmdir(cr->dir);
    }
    memset(cr, 0, sizeof *cr);
}
