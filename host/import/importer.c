/*
 * rtbench host - reading a log through the importer table (import/importer.h).
 */
#include "import/importer.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "util.h"

#define MAX_LOG_BYTES (256u << 20)

const struct importer *importer_find(const char *name)
{
    for (const struct importer *const *i = importers; *i; i++)
        if (strcmp((*i)->name, name) == 0)
            return *i;
    return NULL;
}

/* The strings STR(i) of the table joined as "A, B<last_sep>C" into buf. */
static void join(char *buf, size_t len, const char *last_sep, int nothing)
{
    size_t n = 0, k = 0;
    while (importers[n])
        n++;
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        const char *s = nothing ? importers[i]->nothing : importers[i]->name;
        const char *sep = i == 0 ? "" : i + 1 == n ? last_sep : ", ";
        int w = snprintf(buf + k, len - k, "%s%s", sep, s);
        if (w < 0 || (size_t)w >= len - k)
            return;
        k += (size_t)w;
    }
}

void importer_names(char *buf, size_t len, const char *last_sep)
{
    join(buf, len, last_sep, 0);
}

/* One importer reading the stream: its state and whether it saw its format. */
struct reader {
    const struct importer *imp;
    void *state;
    int detected;
};

/* The readers of one stream, fed by the line splitter. */
struct readers {
    struct reader *r;
    size_t n;
    size_t first; /* the first reader (in table order) that detected its format, or n */
    struct issue_list long_lines; /* lines over RTBH_LINE_MAX */
};

static void on_line(void *ctx, const char *line, size_t len, unsigned long lineno)
{
    struct readers *rs = ctx;
    (void)lineno;
    /* the readers after the first that detected its format are never
     * chosen (chosen()): they are not fed any more */
    for (size_t i = 0; i < rs->n && i <= rs->first; i++) {
        struct reader *r = &rs->r[i];
        if (!r->detected && r->imp->detect(line, len)) {
            r->detected = 1;
            rs->first = i;
        }
        r->imp->feed(r->state, line, len);
    }
}

/* A line too long is handed to no importer: it counts as a line (an empty
 * one, so that line numbers stay right) and is an issue of its own. */
static void on_long(void *ctx, unsigned long lineno, unsigned long long len)
{
    struct readers *rs = ctx;
    issues_add(&rs->long_lines, lineno, ISSUE_TOO_LONG,
               xasprintf("line of %llu bytes (longer than %u), skipped", len, RTBH_LINE_MAX));
    on_line(ctx, "", 0, lineno);
}

/* Feeds every line of F to the readers; -1 with a message on a read error
 * or a file over MAX_LOG_BYTES. */
static int read_lines(FILE *f, struct readers *rs, char *err, size_t errlen)
{
    struct line_splitter s;
    line_splitter_init(&s, on_line, on_long, rs);
    char *buf = xmalloc(1u << 16);
    size_t got, total = 0;
    int rc = 0;
    while ((got = fread(buf, 1, 1u << 16, f)) > 0) {
        total += got;
        if (total > MAX_LOG_BYTES) {
            rc = errf(err, errlen, "larger than %u MiB", MAX_LOG_BYTES >> 20);
            break;
        }
        line_splitter_feed(&s, buf, got);
    }
    if (rc == 0 && ferror(f))
        rc = errf(err, errlen, "cannot read: %s", strerror(errno ? errno : EIO));
    if (rc == 0)
        line_splitter_finish(&s);
    line_splitter_free(&s);
    free(buf);
    return rc;
}

/* The reader to use: the only one, or the first that detected its format. */
static struct reader *chosen(struct reader *r, size_t n, int forced, char *err, size_t errlen)
{
    for (size_t i = 0; i < n; i++)
        if (forced || r[i].detected)
            return &r[i];
    char what[512];
    join(what, sizeof what, " and ", 1);
    errf(err, errlen, "%s", what);
    return NULL;
}

static int by_line(const void *a, const void *b)
{
    const struct parse_issue *x = a, *y = b;
    return (x->line > y->line) - (x->line < y->line);
}

/* The issues of FROM (emptied) added to INTO, in line order, within the bound. */
static void merge_issues(struct issue_list *into, struct issue_list *from)
{
    unsigned long total = into->total + from->total;
    unsigned long rejected = into->rejected + from->rejected;
    for (size_t i = 0; i < from->n; i++) {
        issues_add(into, from->v[i].line, from->v[i].kind, from->v[i].msg);
        from->v[i].msg = NULL;
    }
    into->total = total;
    into->rejected = rejected;
    if (into->n)
        qsort(into->v, into->n, sizeof *into->v, by_line);
    issues_free(from);
}

int import_stream(FILE *f, const struct importer *imp, const struct import_options *o,
                  struct import_result *out, const struct importer **used, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    struct readers rs;
    memset(&rs, 0, sizeof rs);
    while (importers[rs.n])
        rs.n++;
    rs.r = xcalloc(rs.n, sizeof *rs.r);
    if (imp)
        rs.n = 1;
    rs.first = rs.n;
    for (size_t i = 0; i < rs.n; i++) {
        rs.r[i].imp = imp ? imp : importers[i];
        rs.r[i].state = rs.r[i].imp->open(o);
    }
    int rc = read_lines(f, &rs, err, errlen);
    struct reader *use = rc == 0 ? chosen(rs.r, rs.n, imp != NULL, err, errlen) : NULL;
    if (use) {
        *used = use->imp;
        rc = use->imp->finish(use->state, out, err, errlen);
    } else {
        rc = -1;
    }
    merge_issues(&out->issues, &rs.long_lines);
    for (size_t i = 0; i < rs.n; i++)
        rs.r[i].imp->close(rs.r[i].state);
    free(rs.r);
    return rc;
}

void import_result_free(struct import_result *r)
{
    runs_free(r->runs, r->n_runs);
    issues_free(&r->issues);
    free(r->note);
    memset(r, 0, sizeof *r);
}
