/*
 * rtbench host - reading a log through the importer table (importer.h).
 */
#include "importer.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

/* Feeds every line of F to the readers; -1 with a message on a read error
 * or a file over MAX_LOG_BYTES. */
static int read_lines(FILE *f, struct reader *r, size_t n, char *err, size_t errlen)
{
    char *line = NULL;
    size_t cap = 0, total = 0;
    ssize_t got;
    errno = 0;
    while ((got = getline(&line, &cap, f)) > 0) {
        total += (size_t)got;
        if (total > MAX_LOG_BYTES) {
            free(line);
            return errf(err, errlen, "larger than %u MiB", MAX_LOG_BYTES >> 20);
        }
        size_t len = (size_t)got;
        if (line[len - 1] == '\n')
            len--;
        for (size_t i = 0; i < n; i++) {
            if (!r[i].detected && r[i].imp->detect(line, len))
                r[i].detected = 1;
            r[i].imp->feed(r[i].state, line, len);
        }
    }
    int e = errno;
    free(line);
    if (ferror(f))
        return errf(err, errlen, "cannot read: %s", strerror(e ? e : EIO));
    return 0;
}

/* The reader to use: the only one, or the first that detected its format. */
static struct reader *chosen(struct reader *r, size_t n, int forced, char *err, size_t errlen)
{
    for (size_t i = 0; i < n; i++)
        if (forced || r[i].detected)
            return &r[i];
    char what[256];
    join(what, sizeof what, " and ", 1);
    errf(err, errlen, "%s", what);
    return NULL;
}

int import_stream(FILE *f, const struct importer *imp, const struct import_options *o,
                  struct import_result *out, const struct importer **used, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    size_t n = 0;
    while (importers[n])
        n++;
    struct reader *r = xcalloc(n, sizeof *r);
    if (imp)
        n = 1;
    for (size_t i = 0; i < n; i++) {
        r[i].imp = imp ? imp : importers[i];
        r[i].state = r[i].imp->open(o);
    }
    int rc = read_lines(f, r, n, err, errlen);
    struct reader *use = rc == 0 ? chosen(r, n, imp != NULL, err, errlen) : NULL;
    if (use) {
        *used = use->imp;
        rc = use->imp->finish(use->state, out, err, errlen);
    } else {
        rc = -1;
    }
    for (size_t i = 0; i < n; i++)
        r[i].imp->close(r[i].state);
    free(r);
    return rc;
}

void import_result_free(struct import_result *r)
{
    runs_free(r->runs, r->n_runs);
    parse_issues_free(r->issues, r->n_issues);
    free(r->note);
    memset(r, 0, sizeof *r);
}
