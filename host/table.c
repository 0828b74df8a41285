/*
 * rtbench host - one-run text table (table.h).
 */
#include "table.h"

#include <string.h>

#include "flags.h"
#include "util.h"

void table_flag_names(unsigned flags, char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (unsigned bit = 1; bit; bit <<= 1) {
        if (!(flags & bit))
            continue;
        const char *name = model_flag_name(bit);
        int n = snprintf(buf + used, len > used ? len - used : 0, "%s%s", used ? "," : "",
                         name ? name : "?");
        if (n > 0)
            used += (size_t)n;
        if (used >= len)
            return;
    }
}

static void u64s(char *b, size_t n, uint64_t v)
{
    snprintf(b, n, "%llu", (unsigned long long)v);
}

void table_print_metrics(FILE *out, const struct run *r, int full)
{
    const char *unit = r->unit && *r->unit ? r->unit : "cycles";
    int idw = 2;
    for (size_t i = 0; i < r->n_m; i++) {
        int l = (int)strlen(r->m[i].id);
        if (l > idw)
            idw = l;
    }
    if (full)
        fprintf(out, "%-*s %8s %10s %10s %10s %10s %10s %10s %10s %10s %12s  %-6s %s\n", idw, "id",
                "n", "mean", "sd", "min", "p50", "p90", "p99", "p99.9", "max", "mean ns", "unit",
                "flags");
    else
        fprintf(out, "%-*s %10s %10s %10s %10s  %-6s %s\n", idw, "id", "mean", "p50", "p99", "max",
                "unit", "flags");
    for (size_t i = 0; i < r->n_m; i++) {
        const struct metric *m = &r->m[i];
        char flags[128];
        table_flag_names(m->flags, flags, sizeof flags);
        if (m->state == MS_NA) {
            fprintf(out, "%-*s %10s  %s\n", idw, m->id, "n/a", m->reason ? m->reason : "");
            continue;
        }
        if (m->state == MS_FAILED) {
            fprintf(out, "%-*s %10s  %s (%d)\n", idw, m->id, "FAILED",
                    m->reason ? m->reason : "error", m->err);
            continue;
        }
        char mean[32], sd[32], mn[24], p50[24], p90[24], p99[24], p999[24], mx[24], ns[32];
        /* mean and sd come with three decimals; the short table shows one */
        snprintf(mean, sizeof mean, full ? "%.3f" : "%.1f", m->mean);
        snprintf(sd, sizeof sd, full ? "%.3f" : "%.1f", m->sd);
        if (m->has_pct) {
            u64s(mn, sizeof mn, m->min);
            u64s(p50, sizeof p50, m->p50);
            u64s(p90, sizeof p90, m->p90);
            u64s(p99, sizeof p99, m->p99);
            u64s(p999, sizeof p999, m->p999);
            u64s(mx, sizeof mx, m->max);
        } else {
            strcpy(mn, "-");
            strcpy(p50, "-");
            strcpy(p90, "-");
            strcpy(p99, "-");
            strcpy(p999, "-");
            strcpy(mx, "-");
            strcpy(sd, "-");
        }
        if (m->mean_ns >= 0)
            snprintf(ns, sizeof ns, "%.1f", m->mean_ns);
        else
            strcpy(ns, "-");
        if (full) {
            char n[24];
            u64s(n, sizeof n, m->n);
            fprintf(out, "%-*s %8s %10s %10s %10s %10s %10s %10s %10s %10s %12s  %-6s %s\n", idw,
                    m->id, n, mean, sd, mn, p50, p90, p99, p999, mx, ns, unit, flags);
        } else {
            fprintf(out, "%-*s %10s %10s %10s %10s  %-6s %s\n", idw, m->id, mean, p50, p99, mx,
                    unit, flags);
        }
    }
}

void table_print_header(FILE *out, const struct run *r)
{
    fprintf(out, "run:      %lld\n", (long long)r->id);
    fprintf(out, "label:    %s\n", r->label ? r->label : "-");
    fprintf(out, "source:   %s\n", r->source ? r->source : "-");
    fprintf(out, "format:   %s\n", r->origin ? r->origin : "-");
    fprintf(out, "created:  %s\n", r->created ? r->created : "-");
    fprintf(out, "host:     %s\n", r->host ? r->host : "-");
    fprintf(out, "status:   %s%s%s\n", r->status == RUN_COMPLETE ? "complete" : "incomplete",
            r->status_detail ? " - " : "", r->status_detail ? r->status_detail : "");
    fprintf(out, "unit:     %s", r->unit ? r->unit : "-");
    if (r->ns_per_unit > 0)
        fprintf(out, " (%.6g ns per %s)", r->ns_per_unit,
                r->unit && strcmp(r->unit, "insns") == 0 ? "insn"
                : r->unit && strcmp(r->unit, "ns") == 0  ? "ns"
                                                         : "cycle");
    fputc('\n', out);
    fprintf(out, "metrics:  %zu\n", r->n_m);
    if (r->n_hdr) {
        fputs("header:\n", out);
        for (size_t i = 0; i < r->n_hdr; i++)
            fprintf(out, "  %-10s %s\n", r->hdr[i].key, r->hdr[i].value);
    }
}
