/*
 * rtbench host - what the subcommands do alike (see cli.h).
 */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db.h"
#include "artifact.h"
#include "import/importer.h"
#include "comparison.h"
#include "figure.h"
#include "target/target.h"
#include "term.h"
#include "util.h"

int cli_usage_err(const char *cmd, const char *msg, const char *arg)
{
    if (arg)
        fprintf(stderr, "rtbench %s: %s: %s\n", cmd, msg, term(arg));
    else
        fprintf(stderr, "rtbench %s: %s\n", cmd, msg);
    return 2;
}

int cli_extra_arg(const char *cmd, const char *arg)
{
    fprintf(stderr, "rtbench %s: unexpected argument '%s' (see rtbench %s --help)\n", cmd,
            term(arg), cmd);
    return 2;
}

int cli_uint_option(const char *cmd, const char *name, const char *value, unsigned max,
                    unsigned *out)
{
    uint64_t x;
    if (parse_u64(value, &x) != 0 || x == 0 || x > max) {
        fprintf(stderr, "rtbench %s: %s must be an integer from 1 to %u, not '%s'\n", cmd, name,
                max, term(value));
        return 2;
    }
    *out = (unsigned)x;
    return CLI_GO;
}

/* C's usage, and the formats of its --format from the tables. */
static void print_usage(const struct cli_command *c)
{
    char names[256];
    fputs(c->usage, stdout);
    if (c->writes) {
        writer_names((enum document)(c->writes - 1), names, sizeof names);
        printf("formats (--format): %s; text is the default\n", names);
    }
    if (c->imports) {
        importer_names(names, sizeof names, ", ");
        printf("formats (--format): auto (the default: detected per file), %s\n", names);
    }
    if (c->targets) {
        puts("targets (--target):");
        for (const struct target_type *const *t = target_types; *t; t++)
            printf("  %-22s %s\n", (*t)->usage, (*t)->what);
    }
}

/* The getopt_long table of C with "help" added (freed by the caller). */
static struct option *with_help(const struct cli_command *c)
{
    size_t n = 0;
    while (c->options && c->options[n].name)
        n++;
    struct option *o = xcalloc(n + 2, sizeof *o);
    for (size_t i = 0; i < n; i++)
        o[i] = c->options[i];
    o[n] = (struct option){"help", no_argument, NULL, 'h'};
    return o;
}

int cli_parse(const struct cli_command *c, int argc, char **argv,
              int (*on_option)(void *ctx, int id, const char *value), void *ctx, int *first)
{
    struct option *opts = with_help(c);
    char *shorts = xasprintf(":h%s", c->short_options ? c->short_options : "");
    int rc = CLI_GO, opt;
    optind = 0; /* glibc: start afresh */
    opterr = 0;
    while (rc == CLI_GO && (opt = getopt_long(argc, argv, shorts, opts, NULL)) != -1) {
        if (opt == 'h') {
            print_usage(c);
            rc = 0;
        } else if (opt == ':') {
            fprintf(stderr, "rtbench %s: option '%s' needs a value\n", c->name,
                    term(argv[optind - 1]));
            rc = 2;
        } else if (opt == '?') {
            fprintf(stderr, "rtbench %s: unknown option '%s' (see rtbench %s --help)\n", c->name,
                    term(argv[optind - 1]), c->name);
            rc = 2;
        } else {
            rc = on_option(ctx, opt, optarg);
        }
    }
    *first = optind;
    free(shorts);
    free(opts);
    return rc;
}

int cli_dry_run;

int cli_open_db(const char *cmd, const char *path, enum db_mode mode, sqlite3 **db,
                const char **used_path)
{
    char err[512];
    if (cli_dry_run)
        return 2;
    if (db_open(path, mode, db, used_path, err, sizeof err) != 0) {
        fprintf(stderr, "rtbench %s: %s\n", cmd, term(err));
        return 2;
    }
    return 0;
}

int cli_load_run(const char *cmd, sqlite3 *db, const char *what, const char *ref, struct run *r)
{
    char err[512];
    if (db_load_run(db, ref, r, err, sizeof err) == 0)
        return 0;
    if (what)
        fprintf(stderr, "rtbench %s: %s %s: %s\n", cmd, what, term(ref), term(err));
    else
        fprintf(stderr, "rtbench %s: %s\n", cmd, term(err));
    return -1;
}

void cli_warn_incomplete(const char *cmd, const char *role, const struct run *r)
{
    char name[128];
    if (r->status != RUN_INCOMPLETE)
        return;
    run_display_name(r, name, sizeof name);
    fprintf(stderr, "rtbench %s: warning: %s%srun %s is incomplete (%s)\n", cmd, role ? role : "",
            role ? " " : "", name, r->status_detail ? term(r->status_detail) : "no end record");
}

int cli_load_runs(const char *cmd, const char *path, char *const *refs, size_t n,
                  const char *const *roles, struct run ***runs)
{
    sqlite3 *db;
    *runs = xcalloc(n ? n : 1, sizeof **runs);
    for (size_t i = 0; i < n; i++)
        (*runs)[i] = xcalloc(1, sizeof ***runs);
    if (cli_open_db(cmd, path, DB_READ, &db, NULL) != 0) {
        runs_free(*runs, n);
        return 2;
    }
    for (size_t i = 0; i < n; i++) {
        if (cli_load_run(cmd, db, roles ? roles[i] : "run", refs[i], (*runs)[i]) < 0) {
            db_close(db);
            runs_free(*runs, n);
            return 2;
        }
        artifact_flag_run((*runs)[i]);
    }
    db_close(db);
    return 0;
}

int cli_writer_option(const char *cmd, const char *value, enum document doc,
                      const struct writer **out)
{
    char err[400];
    *out = writer_find(value, doc, err, sizeof err);
    if (!*out)
        return cli_usage_err(cmd, err, NULL);
    return CLI_GO;
}

int cli_write_done(const char *cmd, int rc)
{
    if ((rc < 0 || fflush(stdout) != 0) && errno == EPIPE)
        return 0; /* the reader stopped reading (| head): what it wanted, not an error */
    if (rc < 0 || fflush(stdout) != 0) {
        fprintf(stderr, "rtbench %s: cannot write the output\n", cmd);
        return 2;
    }
    return 0;
}

int cli_write_file(const char *cmd, const char *what, const char *path,
                   int (*write)(FILE *f, const void *ctx), const void *ctx)
{
    char *tmp = xasprintf("%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    int bad = !f || write(f, ctx) != 0;
    if (f)
        bad |= fclose(f) != 0;
    if (bad || rename(tmp, path) != 0) {
        unlink(tmp);
        free(tmp);
        fprintf(stderr, "rtbench %s: cannot write %s: %s\n", cmd, what, path);
        return 2;
    }
    free(tmp);
    return 0;
}

int cli_load_compared(const char *cmd, const char *path, char *const *refs, size_t n,
                      const char *baseline_ref, struct comparison *t, size_t *baseline)
{
    size_t n_load = n + (baseline_ref != NULL);
    char **all = xcalloc(n_load, sizeof *all);
    const char **roles = xcalloc(n_load, sizeof *roles);
    for (size_t i = 0; i < n_load; i++) {
        all[i] = i < n ? refs[i] : (char *)baseline_ref;
        roles[i] = i < n ? "run" : "--baseline";
    }
    int rc = cli_load_runs(cmd, path, all, n_load, roles, &t->runs);
    free(all);
    free(roles);
    if (rc != 0)
        return 2;
    t->n_runs = n;
    *baseline = baseline_ref ? comparison_baseline(cmd, t->runs, n, t->runs[n], baseline_ref) : 0;
    if (*baseline < n)
        return 0;
    runs_free(t->runs, n_load);
    t->runs = NULL;
    return 2;
}
