/*
 * Windows and benchmarks of the cycle model (cm_windows.h).
 */
#include "cm_windows.h"

#include <inttypes.h>
#include <string.h>

static void agg_reset(struct cm_agg *a)
{
    memset(a, 0, sizeof *a);
    a->min = UINT64_MAX;
}

static void agg_add(struct cm_agg *a, uint64_t cycles, uint64_t insns)
{
    a->n++;
    a->sum += cycles;
    a->insns += insns;
    if (cycles < a->min)
        a->min = cycles;
    if (cycles > a->max)
        a->max = cycles;
}

static void agg_print(FILE *out, unsigned seq, const char *tag, const struct cm_agg *a)
{
    fprintf(out,
            "B %u %s windows=%" PRIu64 " cycles=%" PRIu64 " min=%" PRIu64 " max=%" PRIu64
            " insns=%" PRIu64 "\n",
            seq, tag, a->n, a->sum, a->n ? a->min : 0, a->max, a->insns);
}

void cm_windows_init(struct cm_windows *w, FILE *out)
{
    memset(w, 0, sizeof *w);
    w->out = out;
    w->from_slot = -1;
    agg_reset(&w->outside_agg);
}

static void bench_flush(struct cm_windows *w)
{
    char tag[24] = "-";
    if (!w->bench_active)
        return;
    if (w->bench_tag_set)
        snprintf(tag, sizeof tag, "%" PRIu64, w->bench_tag);
    if (w->out)
        agg_print(w->out, w->bench_seq, tag, &w->bench_agg);
    w->bench_active = false;
}

static void bench_begin(struct cm_windows *w)
{
    bench_flush(w);
    w->bench_seq++;
    w->bench_active = true;
    w->bench_tag = 0;
    w->bench_tag_set = false;
    agg_reset(&w->bench_agg);
    w->win_in_bench = 0;
}

static void window_close(struct cm_windows *w, uint64_t cycles, uint64_t insns)
{
    w->n_windows++;
    if (w->bench_active) {
        if (w->out)
            fprintf(w->out, "W %u %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", w->bench_seq,
                    w->win_in_bench, cycles, insns);
        w->win_in_bench++;
        agg_add(&w->bench_agg, cycles, insns);
    } else {
        if (w->out)
            fprintf(w->out, "W 0 %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", w->win_outside, cycles,
                    insns);
        w->win_outside++;
        agg_add(&w->outside_agg, cycles, insns);
    }
}

/*
 * Stamped windows (suite/include/rtb/cycle_marks.h): each counter read stores
 * to STAMP + 4 * slot right after it; the plugin notes the model's cycles and
 * instructions there (before the store). A sample then names its reads: FROM
 * the slot of t0, TO the slot of t1; the window is the difference of the two
 * stamps: the instructions from one read to the other, wherever they ran.
 */
static void stamp_mark(struct cm_windows *w, uint64_t off, struct cm_at at)
{
    unsigned k;
    if (off < MARK_FROM) {
        k = (unsigned)(off - MARK_STAMP) / 4;
        w->stamp[k] = at;
        w->stamp_set[k] = true;
    } else if (off < MARK_TO) {
        w->from_slot = (int)((off - MARK_FROM) / 4);
    } else {
        k = (unsigned)(off - MARK_TO) / 4;
        const struct cm_at *from = w->from_slot < 0 ? NULL : &w->stamp[w->from_slot];
        if (!from || !w->stamp_set[k] || !w->stamp_set[w->from_slot] ||
            w->stamp[k].cycles < from->cycles) {
            w->n_stray_to++;
        } else {
            window_close(w, w->stamp[k].cycles - from->cycles, w->stamp[k].insns - from->insns);
        }
        w->from_slot = -1;
    }
}

void cm_windows_mark(struct cm_windows *w, uint64_t off, struct cm_at before, struct cm_at after)
{
    if (off >= MARK_STAMP && off < MARK_LOST) {
        stamp_mark(w, off, before);
        return;
    }
    switch (off) {
    case MARK_OPEN:
        if (w->open)
            w->n_reopen++;
        w->open = true;
        w->open_at = after;
        break;
    case MARK_CLOSE:
        if (!w->open) {
            w->n_stray_close++;
            break;
        }
        w->open = false;
        window_close(w, before.cycles - w->open_at.cycles, before.insns - w->open_at.insns);
        break;
    case MARK_BENCH:
        w->open = false;
        w->from_slot = -1;
        bench_begin(w);
        break;
    case MARK_BENCH_END:
        w->open = false;
        w->from_slot = -1;
        bench_flush(w);
        break;
    case MARK_LOST:
        w->n_lost++;
        break;
    default: /* a tag digit */
        if (w->bench_active) {
            w->bench_tag = w->bench_tag * 16 + (off - MARK_TAG0) / 4;
            w->bench_tag_set = true;
        }
        break;
    }
}

void cm_windows_end(struct cm_windows *w)
{
    bench_flush(w);
    if (w->out && w->outside_agg.n)
        agg_print(w->out, 0, "-", &w->outside_agg);
}
