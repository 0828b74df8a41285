/*
 * rtbench host - `rtbench list`: the stored runs, one line each.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cmds.h"
#include "db.h"
#include "util.h"

static void usage(FILE *out)
{
    fputs("usage: rtbench list [--db PATH] [--label L] [--limit N]\n"
          "\n"
          "List the stored runs, oldest first: id, date, label, source/port, board,\n"
          "kernel, status and number of metrics.\n"
          "      --db PATH    database (default: see rtbench --help)\n"
          "  -l, --label L    only runs with this label (glob)\n"
          "  -n, --limit N    only the newest N runs\n"
          "  -h, --help       this help\n",
          out);
}

static const char *txt(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t && *t ? (const char *)t : "-";
}

int cmd_list(int argc, char **argv)
{
    static const struct option opts[] = {
        {"db", required_argument, NULL, 'D'},
        {"label", required_argument, NULL, 'l'},
        {"limit", required_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *db_path = NULL, *label = NULL;
    uint64_t limit = 0;
    int c;
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":l:n:h", opts, NULL)) != -1) {
        switch (c) {
        case 'D':
            db_path = optarg;
            break;
        case 'l':
            label = optarg;
            break;
        case 'n':
            if (parse_u64(optarg, &limit) != 0 || limit == 0 || limit > 1000000000u) {
                fprintf(stderr, "rtbench list: --limit must be a positive integer, not '%s'\n",
                        optarg);
                return 2;
            }
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return cli_getopt_err("list", c, argv);
        }
    }
    if (optind < argc)
        return cli_extra_arg("list", argv[optind]);
    if (!db_path)
        db_path = db_default_path();
    sqlite3 *db;
    if (cli_open_db("list", db_path, 1, &db) != 0)
        return 2;
    static const char sql[] =
        "SELECT * FROM (SELECT r.id, r.created, r.label, r.source,"
        " (SELECT value FROM run_header h WHERE h.run_id=r.id AND h.key='port'),"
        " (SELECT value FROM run_header h WHERE h.run_id=r.id AND h.key='board'),"
        " (SELECT value FROM run_header h WHERE h.run_id=r.id AND h.key='kernel'),"
        " (SELECT value FROM run_header h WHERE h.run_id=r.id AND h.key='kver'),"
        " r.status, (SELECT count(*) FROM metrics m WHERE m.run_id=r.id), r.status_detail"
        " FROM runs r WHERE (?1 IS NULL OR r.label GLOB ?1) ORDER BY r.id DESC LIMIT ?2) ORDER BY "
        "1";
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        fprintf(stderr, "rtbench list: database %s: %s\n", db_path, sqlite3_errmsg(db));
        db_close(db);
        return 2;
    }
    if (label)
        sqlite3_bind_text(st, 1, label, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 2, limit ? (sqlite3_int64)limit : -1);
    /* Collect the rows first so the columns fit their widest value. */
    enum { NCOL = 8 };
    static const char *const head[NCOL] = {"id",    "date",   "label",  "source/port",
                                           "board", "kernel", "status", "metrics"};
    char *(*rows)[NCOL] = NULL;
    size_t n = 0;
    int w[NCOL];
    for (int i = 0; i < NCOL; i++)
        w[i] = (int)strlen(head[i]);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        rows = xrealloc(rows, (n + 1) * sizeof *rows);
        char **row = rows[n++];
        const char *port = txt(st, 4), *kver = txt(st, 7);
        row[0] = xasprintf("%lld", (long long)sqlite3_column_int64(st, 0));
        row[1] = xstrdup(txt(st, 1));
        row[2] = xstrdup(txt(st, 2));
        row[3] = strcmp(port, "-") ? xasprintf("%s/%s", txt(st, 3), port) : xstrdup(txt(st, 3));
        row[4] = xstrdup(txt(st, 5));
        row[5] = strcmp(kver, "-") ? xasprintf("%s %s", txt(st, 6), kver) : xstrdup(txt(st, 6));
        row[6] = xstrdup(txt(st, 8));
        row[7] = xasprintf("%lld", (long long)sqlite3_column_int64(st, 9));
        for (int i = 0; i < NCOL; i++)
            if ((int)strlen(row[i]) > w[i])
                w[i] = (int)strlen(row[i]);
    }
    if (rc == SQLITE_DONE) {
        printf("%*s  %-*s  %-*s  %-*s  %-*s  %-*s  %-*s  %*s\n", w[0], head[0], w[1], head[1], w[2],
               head[2], w[3], head[3], w[4], head[4], w[5], head[5], w[6], head[6], w[7], head[7]);
        for (size_t r = 0; r < n; r++)
            printf("%*s  %-*s  %-*s  %-*s  %-*s  %-*s  %-*s  %*s\n", w[0], rows[r][0], w[1],
                   rows[r][1], w[2], rows[r][2], w[3], rows[r][3], w[4], rows[r][4], w[5],
                   rows[r][5], w[6], rows[r][6], w[7], rows[r][7]);
    }
    for (size_t r = 0; r < n; r++)
        for (int i = 0; i < NCOL; i++)
            free(rows[r][i]);
    free(rows);
    int rows_n = (int)n;
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        fprintf(stderr, "rtbench list: database %s: %s\n", db_path, sqlite3_errmsg(db));
        db_close(db);
        return 2;
    }
    if (!rows_n)
        fprintf(stderr, "rtbench list: no runs%s in %s\n", label ? " with that label" : "",
                db_path);
    db_close(db);
    return 0;
}
