/*
 * rtbench host - the points of Zephyr's zbus benchmark (zbus_point.h).
 */
#include "import/zbus_point.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import/metric_map.h"
#include "util.h"

/* The CSV's duration is the mean of three `@` figures of the console, which
 * benchmark.c printed in ns until the styles were renamed, in us since
 * (duration_ns / 1000; the README's table still says ns, its sample's
 * "Duration: 0.019805908s" and "@19805" say us). */
static const struct zbus_style styles[] = {
    {"SYNC", 1},
    {"ASYNC", 1},
    {"LISTENERS", 1000},
    {"SUBSCRIBERS", 1000},
    {"MSG_SUBSCRIBERS", 1000},
};

const struct zbus_style *zbus_style_find(const char *name)
{
    for (size_t i = 0; i < sizeof styles / sizeof styles[0]; i++)
        if (strcasecmp(name, styles[i].name) == 0)
            return &styles[i];
    return NULL;
}

void zbus_point_id(const struct zbus_style *st, uint32_t consumers, uint32_t size,
                   struct sweep_point *p, char *buf, size_t len)
{
    char *base = metric_map_id("zbus", st->name);
    int async = strcmp(base, "msgq.async") == 0;
    sweep_point_init(p, async, consumers, size);
    if (async || strcmp(base, "msgq.sync") == 0)
        sweep_point_id(p, buf, len);
    else
        snprintf(buf, len, "%s.c%u.s%u", base, (unsigned)consumers, (unsigned)size);
    free(base);
}

void zbus_point_figure(struct metric *m, const struct zbus_style *st, const struct sweep_point *p,
                       double duration_ns)
{
    char num[64];
    m->state = MS_OK;
    m->flags = MF_MEAN_ONLY;
    m->n = 1;
    m->mean = ZBUS_BYTES * 1e9 / duration_ns;
    m->mean_ns = -1;
    m->unit = xstrdup("B/s");
    m->higher_better = 1;
    metric_map_name(m, "zbus", st->name);
    snprintf(num, sizeof num, "%.0f", ZBUS_BYTES);
    metric_extra_set(m, "bytes", num);
    snprintf(num, sizeof num, "%.0f", ZBUS_BYTES / p->size);
    metric_extra_set(m, "messages", num);
    snprintf(num, sizeof num, "%.0f", ZBUS_BYTES / p->consumers);
    metric_extra_set(m, "payload", num);
    snprintf(num, sizeof num, "%.0f", ZBUS_BYTES / p->size * 1e9 / duration_ns);
    metric_extra_set(m, "msgs_per_s", num);
}

void zbus_run_out(struct run *r, const char *origin, const char *bench,
                  const struct import_options *o, struct import_result *out)
{
    char num[32];
    r->origin = xstrdup(origin);
    r->source = xstrdup(o->source ? o->source : "import");
    run_stamp(r);
    r->unit = xstrdup("ns");
    r->ns_per_unit = 1;
    run_hdr_set(r, "bench", bench);
    run_hdr_set(r, "sweep", "msgq");
    if (o->board && *o->board)
        run_hdr_set(r, "board", o->board);
    run_hdr_set(r, "unit", "ns");
    snprintf(num, sizeof num, "%zu", r->n_m);
    run_hdr_set(r, "count", num);
    import_result_one(out, r);
}
