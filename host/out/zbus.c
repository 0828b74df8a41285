/*
 * rtbench host - the zbus-style CSV writer (out/zbus.h; `show --format zbus`):
 * the rows of Zephyr's zbus benchmark script (style, consumers, message size,
 * duration in ns, RAM and ROM in bytes), then bytes and messages per second.
 * No header row unless asked for (rtbench sweep --csv-header), as theirs.
 */
#include <string.h>

#include "sweep_point.h"
#include "out/zbus.h"
#include "out/writer.h"

/* RAM or ROM of a point: its own (an imported CSV has one per row), else the
 * run's image (rtbench sweep on a qemu: target), else n/a (the host). */
static const char *mem_of(const struct run *r, const struct metric *m, const char *key)
{
    const char *v = metric_extra(m, key);
    if (!v || !*v)
        v = run_hdr(r, key);
    return v && *v ? v : "n/a";
}

static const char *extra_or_na(const struct metric *m, const char *key)
{
    const char *v = metric_extra(m, key);
    return v && *v ? v : "n/a";
}

int zbus_csv_write(FILE *out, const struct run *r, int header)
{
    size_t rows = 0;
    if (header)
        fputs(ZBUS_CSV_HEADER "\n", out);
    for (size_t i = 0; i < r->n_m; i++) {
        const struct metric *m = &r->m[i];
        struct sweep_point p;
        if (!sweep_point_parse(m->id, &p))
            continue;
        if (m->state != MS_OK) {
            fprintf(stderr, "rtbench: %s is %s (%s): not in the CSV\n", m->id,
                    m->state == MS_NA ? "n/a" : "failed", m->reason ? m->reason : "no reason");
            continue;
        }
        fprintf(out, "%s,%u,%u,%s,%s,%s,%.0f,%s\n", p.async ? "ASYNC" : "SYNC",
                (unsigned)p.consumers, (unsigned)p.size, extra_or_na(m, "duration_ns"),
                mem_of(r, m, "ram"), mem_of(r, m, "rom"), m->mean, extra_or_na(m, "msgs_per_s"));
        rows++;
    }
    if (rows == 0)
        fprintf(stderr, "rtbench: warning: no measured msgq point in run %lld: no CSV rows\n",
                (long long)r->id);
    return ferror(out) ? -1 : 0;
}

static int zbus_run(FILE *out, const struct run *r)
{
    return zbus_csv_write(out, r, 0);
}

const struct writer writer_zbus = {"zbus", NULL, NULL, zbus_run, NULL, NULL, NULL, NULL};
