/*
 * rtbench cycle model: a QEMU TCG plugin (API v1) that prices every executed
 * Cortex-M instruction with the cycle tables of the core's Technical Reference
 * Manual and sums model cycles per marked window and per benchmark.
 *
 *   qemu-system-arm ... -plugin librtbench-cycle-model.so,core=cortex-m3,elf=app.elf,out=FILE
 *
 * How it works (README.md and docs/cycle-model.md say more):
 * - Translation: each instruction is decoded (cm_decode.c) and priced
 *   (cm_timing.c) once; its price is added at run time by an inline counter,
 *   which stays exact when a block is left half-way (exception, MMIO).
 * - One callback per executed block: it sees which block follows the last one,
 *   so it adds the refill of a taken conditional branch, wait states on a
 *   refill, and the exception costs: an exception entry is a block starting at
 *   a handler address (from the image's vector table and handler symbols) that
 *   no executed branch of the previous block targets; an exception return is a
 *   return-type branch (BX, POP/LDM/LDR PC) at handler call depth 0;
 *   tail-chaining is a return followed directly by another handler.
 * - Window marks: stores to a block of 69 words in the guest (symbol
 *   rtb_cm_marks, or marks=ADDR): the address says what happened.
 */
#include "cm_decode.h"
#include "cm_elf.h"
#include "cm_timing.h"
#include "qemu_plugin_v1.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = 1;

/* Window-mark offsets in the mark block (see README.md, "Protocol"). */
enum {
    MARK_OPEN = 0x00,
    MARK_CLOSE = 0x04,
    MARK_BENCH = 0x08,
    MARK_BENCH_END = 0x0c,
    MARK_TAG0 = 0x10,  /* 16 words: tag digits 0..15 */
    MARK_STAMP = 0x50, /* 16 words: a counter read, in slot 0..15 */
    MARK_FROM = 0x90,  /* 16 words: a window opens at the read of slot 0..15 */
    MARK_TO = 0xd0,    /* 16 words: it closes at the read of slot 0..15 */
    MARK_LOST = 0x110, /* the guest could not name a window's reads */
    MARK_SPAN = 0x114,
    N_SLOTS = 16,
};

/* What the last instruction of a block does to the flow. */
struct tb_info {
    uint32_t start;       /* address of the first instruction */
    uint32_t fall;        /* address after the last instruction */
    uint32_t target;      /* direct branch target of the last instruction */
    uint32_t taken_extra; /* cycles a taken conditional branch adds */
    uint32_t refill;      /* refill cycles the last instruction costs when taken */
    bool align_refill;    /* taken: + 1 if the target is a 32-bit instruction at a halfword */
    uint64_t end_count;   /* inline: times the last instruction executed */
    bool is_handler;      /* starts at an exception handler */
    bool end_branch;      /* the last instruction may write PC */
    bool end_cond, end_direct, end_call, end_ret;
    uint32_t n;          /* instructions */
    uint32_t *addr;      /* [n] instruction addresses */
    uint32_t *suffix;    /* [n + 1] base cycles of instructions i..n-1 */
    struct cm_insn *ins; /* [n] decoded instructions */
    struct mark_site *sites;
};

/* A single store that may be a window mark: the block and its index there. */
struct mark_site {
    struct tb_info *tb;
    uint32_t idx;
};

#define MAX_HANDLERS 1024
#define MAX_FRAMES 64

static struct cm_model model;
static uint64_t g_cycles; /* inline */
static uint64_t g_insns;  /* inline */

/* profile=1: executed instructions and their base cycles per class (diagnostics) */
static bool profile;
static uint64_t prof_insns[CM_K_COUNT], prof_cycles[CM_K_COUNT];
static uint64_t prof_taken_cycles, prof_exc_cycles;

static uint32_t handlers[MAX_HANDLERS];
static unsigned n_handlers;

static uint32_t marks_base;
static bool marks_set;

static FILE *out;
static char out_path[4096];

/* run-time state (one vCPU: Cortex-M machines here have one) */
static struct tb_info *prev_tb;
static uint64_t prev_end_snap;
static unsigned frame_depth[MAX_FRAMES];
static struct tb_info *frame_cut[MAX_FRAMES]; /* block an exception cut short, or NULL */
static unsigned n_frames;
/* address of the last store executed since the last block began, or 0: QEMU
   re-translates an I/O store that is not at a block's end into a block of its
   own that runs memory callbacks only, so this is how far a cut block got */
static uint32_t last_store_pc;
static bool last_store_set;
static uint64_t n_entry, n_exit, n_tail, n_frame_overflow, n_taken;

/* windows and benchmarks */
struct agg {
    uint64_t n, sum, min, max, insns;
};
static bool win_open;
static uint64_t win_c0, win_i0;
static uint64_t n_windows, n_stray_close, n_reopen, n_lost, n_stray_to;
/* stamped counter reads: model cycles and instructions at each slot's last read */
static uint64_t stamp_c[N_SLOTS], stamp_i[N_SLOTS];
static bool stamp_set[N_SLOTS];
static int from_slot = -1; /* slot of the open stamped window, or -1 */
static unsigned bench_seq; /* benchmarks begun so far */
static bool bench_active;  /* between BENCH and BENCH_END (or the next BENCH) */
static uint64_t bench_tag;
static bool bench_tag_set;
static struct agg bench_agg, outside_agg;
static uint64_t win_in_bench, win_outside;

static void say(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    qemu_plugin_outs(buf);
}

static void add_handler(uint32_t addr)
{
    addr &= ~1u;
    for (unsigned i = 0; i < n_handlers; i++)
        if (handlers[i] == addr)
            return;
    if (n_handlers < MAX_HANDLERS)
        handlers[n_handlers++] = addr;
}

static bool is_handler(uint32_t addr)
{
    for (unsigned i = 0; i < n_handlers; i++)
        if (handlers[i] == addr)
            return true;
    return false;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void handler_symbol(const char *name, uint32_t value, void *ctx)
{
    (void)ctx;
    if (strcmp(name, "Reset_Handler") == 0 || strcmp(name, "reset_handler") == 0)
        return;
    if (ends_with(name, "_Handler") || ends_with(name, "_IRQHandler") ||
        ends_with(name, "_handler"))
        add_handler(value);
}

/* Boot vector table at vtor: entries 2.. (reset excluded), bounded by nvec. */
static void read_vectors(const struct cm_elf *e, uint32_t vtor, unsigned nvec)
{
    for (unsigned i = 2; i < nvec; i++) {
        uint32_t w;
        if (!cm_elf_word(e, vtor + 4 * i, &w))
            break;
        if (w == 0)
            continue;
        if (!(w & 1) || !cm_elf_is_code(e, w & ~1u)) {
            if (i >= 16)
                break; /* past the end of the table */
            continue;
        }
        add_handler(w);
    }
}

/* ---- output ---- */

static void agg_reset(struct agg *a)
{
    memset(a, 0, sizeof *a);
    a->min = UINT64_MAX;
}

static void agg_add(struct agg *a, uint64_t cycles, uint64_t insns)
{
    a->n++;
    a->sum += cycles;
    a->insns += insns;
    if (cycles < a->min)
        a->min = cycles;
    if (cycles > a->max)
        a->max = cycles;
}

static void agg_print(unsigned seq, const char *tag, const struct agg *a)
{
    fprintf(out,
            "B %u %s windows=%" PRIu64 " cycles=%" PRIu64 " min=%" PRIu64 " max=%" PRIu64
            " insns=%" PRIu64 "\n",
            seq, tag, a->n, a->sum, a->n ? a->min : 0, a->max, a->insns);
}

static void bench_flush(void)
{
    char tag[24] = "-";
    if (!bench_active)
        return;
    if (bench_tag_set)
        snprintf(tag, sizeof tag, "%" PRIu64, bench_tag);
    if (out)
        agg_print(bench_seq, tag, &bench_agg);
    bench_active = false;
}

static void bench_begin(void)
{
    bench_flush();
    bench_seq++;
    bench_active = true;
    bench_tag = 0;
    bench_tag_set = false;
    agg_reset(&bench_agg);
    win_in_bench = 0;
}

static void window_close(uint64_t cycles, uint64_t insns)
{
    n_windows++;
    if (bench_active) {
        if (out)
            fprintf(out, "W %u %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", bench_seq, win_in_bench,
                    cycles, insns);
        win_in_bench++;
        agg_add(&bench_agg, cycles, insns);
    } else {
        if (out)
            fprintf(out, "W 0 %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", win_outside, cycles, insns);
        win_outside++;
        agg_add(&outside_agg, cycles, insns);
    }
}

/*
 * Stamped windows (suite/include/rtb/cycle_marks.h): each counter read stores
 * to STAMP + 4 * slot right after it; the plugin notes the model's cycles and
 * instructions there (before the store). A sample then names its reads: FROM
 * the slot of t0, TO the slot of t1; the window is the difference of the two
 * stamps: the instructions from one read to the other, wherever they ran.
 */
static void stamp_mark(uint64_t off, uint64_t c, uint64_t i)
{
    unsigned k;
    if (off < MARK_FROM) {
        k = (unsigned)(off - MARK_STAMP) / 4;
        stamp_c[k] = c;
        stamp_i[k] = i;
        stamp_set[k] = true;
    } else if (off < MARK_TO) {
        from_slot = (int)((off - MARK_FROM) / 4);
    } else {
        k = (unsigned)(off - MARK_TO) / 4;
        if (from_slot < 0 || !stamp_set[k] || !stamp_set[from_slot] ||
            stamp_c[k] < stamp_c[from_slot]) {
            n_stray_to++;
        } else {
            window_close(stamp_c[k] - stamp_c[from_slot], stamp_i[k] - stamp_i[from_slot]);
        }
        from_slot = -1;
    }
}

static void mark_store(unsigned vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *ud)
{
    uint64_t off = vaddr - marks_base;
    const struct mark_site *site = ud;
    const struct tb_info *tb = site->tb;
    /* the counters hold the whole block since its start: take back what follows */
    uint64_t after_c = g_cycles - tb->suffix[site->idx + 1];
    uint64_t after_i = g_insns - (tb->n - site->idx - 1);
    uint64_t before_c = g_cycles - tb->suffix[site->idx];
    uint64_t before_i = after_i - 1;
    (void)vcpu;
    (void)info;
    last_store_pc = tb->addr[site->idx];
    last_store_set = true;
    if (off >= MARK_SPAN || (off & 3))
        return;
    if (off >= MARK_STAMP && off < MARK_LOST) {
        stamp_mark(off, before_c, before_i);
        return;
    }
    switch (off) {
    case MARK_OPEN:
        if (win_open)
            n_reopen++;
        win_open = true;
        win_c0 = after_c;
        win_i0 = after_i;
        break;
    case MARK_CLOSE:
        if (!win_open) {
            n_stray_close++;
            break;
        }
        win_open = false;
        window_close(before_c - win_c0, before_i - win_i0);
        break;
    case MARK_BENCH:
        win_open = false;
        from_slot = -1;
        bench_begin();
        break;
    case MARK_BENCH_END:
        win_open = false;
        from_slot = -1;
        bench_flush();
        break;
    case MARK_LOST:
        n_lost++;
        break;
    default:
        if (bench_active) {
            bench_tag = bench_tag * 16 + (off - MARK_TAG0) / 4;
            bench_tag_set = true;
        }
        break;
    }
}

/* ---- control flow and exceptions ---- */

/* Takes back the instructions of tb from address from on: they did not run.
   Returns the instruction that ran last, or NULL. */
static const struct cm_insn *take_back(const struct tb_info *tb, uint32_t from)
{
    for (uint32_t i = 1; i < tb->n; i++) {
        if (tb->addr[i] == from) {
            g_cycles -= tb->suffix[i];
            g_insns -= tb->n - i;
            return &tb->ins[i - 1];
        }
    }
    return NULL;
}

/*
 * The first instruction of a block was priced without the one before it (the
 * pipelining rules look at it). Where the flow fell into the block without a
 * branch (QEMU split the code into blocks), price it again with that
 * instruction, so that the figures do not depend on where QEMU cut blocks.
 */
static void reprice_first(const struct tb_info *cur, const struct cm_insn *before)
{
    struct cm_price alone, with;
    cm_price(&model, &cur->ins[0], NULL, &alone);
    cm_price(&model, &cur->ins[0], before, &with);
    g_cycles += (uint64_t)with.base - alone.base;
}

static void tb_exec(unsigned vcpu, void *ud)
{
    struct tb_info *cur = ud;
    struct tb_info *p = prev_tb;
    bool exc_return = false, direct_here = false;
    uint32_t ret_refill = 0;
    struct tb_info *cut = NULL;
    (void)vcpu;

    if (p && p->end_count == prev_end_snap) {
        /* the previous block stopped before its last instruction (an MMIO access
           under -icount, an exception): it was counted whole at its start */
        if (cur->start > p->start && cur->start < p->fall) {
            const struct cm_insn *last = take_back(p, cur->start);
            if (last)
                reprice_first(cur, last);
        } else if (cur->is_handler && last_store_set) {
            /* an exception after a store (an NVIC pend, under -icount the last
               instruction QEMU ran of the block): what follows it in the block
               has not run yet, and runs after the handler, in the window that
               a counter read in the handler opens */
            for (uint32_t i = 0; i + 1 < p->n; i++)
                if (p->addr[i] == last_store_pc) {
                    take_back(p, p->addr[i + 1]);
                    break;
                }
        } else
            cut = p; /* resumed later, at the exception return */
    }
    last_store_set = false;
    if (p && !p->end_branch && p->end_count != prev_end_snap && cur->start == p->fall)
        reprice_first(cur, &p->ins[p->n - 1]);
    if (p && p->end_branch && p->end_count != prev_end_snap) {
        /* the previous block ran to its last instruction, a branch */
        bool taken;
        if (!p->end_cond)
            taken = true;
        else if (p->end_direct)
            taken = cur->start == p->target && p->target != p->fall;
        else
            taken = cur->start != p->fall;
        direct_here = p->end_direct && taken && cur->start == p->target;
        if (taken) {
            n_taken++;
            g_cycles += p->taken_extra;
            prof_taken_cycles += p->taken_extra;
            if (n_frames > 0 && p->end_call) {
                frame_depth[n_frames - 1]++;
            } else if (n_frames > 0 && p->end_ret) {
                if (frame_depth[n_frames - 1] > 0) {
                    frame_depth[n_frames - 1]--;
                } else {
                    exc_return = true;
                    ret_refill = p->refill;
                    n_frames--;
                    if (frame_cut[n_frames] && cur->start > frame_cut[n_frames]->start &&
                        cur->start < frame_cut[n_frames]->fall)
                        take_back(frame_cut[n_frames], cur->start);
                }
            }
            if (!exc_return && cm_in_flash(&model, cur->start))
                g_cycles += model.ws;
            /* P = 2 for a 32-bit target at a halfword address ([ALN], cm_timing.c) */
            if (!exc_return && p->align_refill && cur->ins[0].size == 4 && (cur->start & 2)) {
                g_cycles++;
                prof_taken_cycles++;
            }
        }
        /* a call through a pointer may land on a handler: not an exception */
        if (p->end_call && !p->end_direct)
            direct_here = true;
    }
    if (exc_return) {
        /* the return instruction was priced with its refill: the exit replaces it */
        uint64_t ws = cm_in_flash(&model, cur->start) ? model.ws : 0;
        prof_exc_cycles -= ret_refill;
        if (cur->is_handler) {
            prof_exc_cycles += model.core->exc_tail + ws;
            g_cycles += model.core->exc_tail + ws - ret_refill;
            n_tail++;
            if (n_frames < MAX_FRAMES) {
                frame_cut[n_frames] = NULL;
                frame_depth[n_frames++] = 0;
            } else
                n_frame_overflow++;
        } else {
            prof_exc_cycles += model.core->exc_exit + ws;
            g_cycles += model.core->exc_exit + ws - ret_refill;
            n_exit++;
        }
    } else if (cur->is_handler && p && !direct_here) {
        uint64_t c = model.core->exc_entry + (cm_in_flash(&model, cur->start) ? model.ws : 0);
        g_cycles += c;
        prof_exc_cycles += c;
        n_entry++;
        if (n_frames < MAX_FRAMES) {
            frame_cut[n_frames] = cut;
            frame_depth[n_frames++] = 0;
        } else
            n_frame_overflow++;
    }
    g_cycles += cur->suffix[0];
    g_insns += cur->n;
    prev_tb = cur;
    prev_end_snap = cur->end_count;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t n = qemu_plugin_tb_n_insns(tb);
    struct tb_info *ti;
    struct cm_insn prev, cur;
    struct cm_it it = {0};
    uint32_t *cost;
    (void)id;

    if (n == 0)
        return;
    ti = calloc(1, sizeof *ti);
    cost = calloc(n, sizeof *cost);
    if (ti) {
        ti->addr = calloc(n, sizeof *ti->addr);
        ti->suffix = calloc(n + 1, sizeof *ti->suffix);
        ti->sites = calloc(n, sizeof *ti->sites);
        ti->ins = calloc(n, sizeof *ti->ins);
    }
    if (!ti || !cost || !ti->addr || !ti->suffix || !ti->sites || !ti->ins) {
        say("cycle-model: out of memory\n");
        abort();
    }
    ti->n = (uint32_t)n;
    ti->start = (uint32_t)qemu_plugin_tb_vaddr(tb);
    ti->is_handler = is_handler(ti->start);
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        const uint8_t *b = qemu_plugin_insn_data(insn);
        size_t sz = qemu_plugin_insn_size(insn);
        uint32_t pc = (uint32_t)qemu_plugin_insn_vaddr(insn);
        uint16_t hw1 = (uint16_t)(b[0] | b[1] << 8), hw2 = 0;
        struct cm_price price;

        /* QEMU 7.2 can report 2 bytes too many near a page end: the first halfword decides */
        if (cm_thumb_len(hw1) == 4 && sz >= 4)
            hw2 = (uint16_t)(b[2] | b[3] << 8);
        cm_decode(pc, hw1, hw2, &it, &cur);
        cm_price(&model, &cur, i ? &prev : NULL, &price);
        ti->addr[i] = pc;
        ti->ins[i] = cur;
        cost[i] = price.base;
        if (profile) {
            qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
                                                       &prof_insns[cur.kind], 1);
            qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
                                                       &prof_cycles[cur.kind], price.base);
        }
        if (marks_set && cur.kind == CM_K_STR) {
            ti->sites[i].tb = ti;
            ti->sites[i].idx = (uint32_t)i;
            qemu_plugin_register_vcpu_mem_cb(insn, mark_store, QEMU_PLUGIN_CB_NO_REGS,
                                             QEMU_PLUGIN_MEM_W, &ti->sites[i]);
        }
        if (i == n - 1) {
            ti->fall = pc + cur.size;
            ti->end_branch = cur.writes_pc;
            ti->end_cond = cur.cond;
            ti->end_direct = cur.direct;
            ti->target = cur.target;
            ti->end_call = cur.is_call;
            ti->end_ret = cur.writes_pc && !cur.is_call && !cur.direct && cur.kind != CM_K_TB;
            ti->taken_extra = price.taken_extra;
            ti->refill = price.refill;
            ti->align_refill = price.align_refill;
            qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
                                                       &ti->end_count, 1);
        }
        prev = cur;
    }
    for (size_t i = n; i-- > 0;)
        ti->suffix[i] = ti->suffix[i + 1] + cost[i];
    free(cost);
    qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS, ti);
}

static void at_exit(qemu_plugin_id_t id, void *ud)
{
    (void)id;
    (void)ud;
    bench_flush();
    if (out && outside_agg.n)
        agg_print(0, "-", &outside_agg);
    char line[512];
    snprintf(line, sizeof line,
             "T insns=%" PRIu64 " cycles=%" PRIu64 " windows=%" PRIu64 " benchmarks=%u"
             " exc_entry=%" PRIu64 " exc_exit=%" PRIu64 " tail_chain=%" PRIu64
             " unclosed=%d stray_close=%" PRIu64 " reopened=%" PRIu64 " lost=%" PRIu64
             " stray_to=%" PRIu64 "\n",
             g_insns, g_cycles, n_windows, bench_seq, n_entry, n_exit, n_tail, win_open ? 1 : 0,
             n_stray_close, n_reopen, n_lost, n_stray_to);
    if (out && profile) {
        for (unsigned k = 0; k < CM_K_COUNT; k++)
            if (prof_insns[k])
                fprintf(out, "P %s insns=%" PRIu64 " cycles=%" PRIu64 "\n", cm_kind_name(k),
                        prof_insns[k], prof_cycles[k]);
        fprintf(out, "P taken-branch-refills cycles=%" PRIu64 "\n", prof_taken_cycles);
        fprintf(out, "P exceptions cycles=%" PRIu64 "\n", prof_exc_cycles);
    }
    if (out) {
        fputs(line, out);
        fclose(out);
        out = NULL;
    } else {
        qemu_plugin_outs(line);
    }
}

static int parse_u32(const char *s, uint32_t *v)
{
    char *end;
    unsigned long x = strtoul(s, &end, 0);
    if (*s == '\0' || *end != '\0' || x > 0xffffffffUL)
        return -1;
    *v = (uint32_t)x;
    return 0;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                           char **argv)
{
    const struct cm_core *core = cm_core_find("cortex-m3");
    const char *elf_path = NULL, *pick = NULL;
    uint32_t ws = 0, p = 0, muls = 1, vtor = 0, nvec = 16 + 480, marks = 0;
    bool have_vtor = false, have_marks = false, have_p = false;
    uint32_t extra[64];
    unsigned n_extra = 0;
    char err[512];

    if (info && strcmp(info->target_name, "arm") != 0) {
        say("cycle-model: target %s is not arm\n", info->target_name);
        return -1;
    }
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *eq = strchr(a, '=');
        const char *v = eq ? eq + 1 : "";
        size_t k = eq ? (size_t)(eq - a) : strlen(a);
        int bad = 0;
        if (k == 4 && strncmp(a, "core", k) == 0) {
            core = cm_core_find(v);
            if (!core) {
                say("cycle-model: unknown core '%s' (known: %s)\n", v, cm_core_names());
                return -1;
            }
        } else if (k == 2 && strncmp(a, "ws", k) == 0) {
            bad = parse_u32(v, &ws) || ws > 15;
        } else if (k == 1 && strncmp(a, "p", k) == 0) {
            bad = parse_u32(v, &p) || p < 1 || p > 3;
            have_p = true;
        } else if (k == 4 && strncmp(a, "muls", k) == 0) {
            bad = parse_u32(v, &muls) || (muls != 1 && muls != 32);
        } else if (k == 5 && strncmp(a, "range", k) == 0) {
            pick = v;
            bad = strcmp(v, "min") && strcmp(v, "mid") && strcmp(v, "max");
        } else if (k == 3 && strncmp(a, "elf", k) == 0) {
            elf_path = v;
        } else if (k == 4 && strncmp(a, "vtor", k) == 0) {
            bad = parse_u32(v, &vtor);
            have_vtor = true;
        } else if (k == 4 && strncmp(a, "nvec", k) == 0) {
            bad = parse_u32(v, &nvec) || nvec < 16 || nvec > 512;
        } else if (k == 5 && strncmp(a, "marks", k) == 0) {
            bad = parse_u32(v, &marks);
            have_marks = true;
        } else if (k == 7 && strncmp(a, "handler", k) == 0) {
            bad = parse_u32(v, &extra[n_extra]) || n_extra >= 63;
            n_extra += !bad;
        } else if (k == 7 && strncmp(a, "profile", k) == 0) {
            profile = strcmp(v, "1") == 0 || strcmp(v, "on") == 0;
            bad = !profile && strcmp(v, "0") && strcmp(v, "off");
        } else if (k == 3 && strncmp(a, "out", k) == 0) {
            snprintf(out_path, sizeof out_path, "%s", v);
        } else {
            say("cycle-model: unknown argument '%s'\n", a);
            return -1;
        }
        if (bad) {
            say("cycle-model: bad value in '%s'\n", a);
            return -1;
        }
    }
    cm_model_init(&model, core);
    model.ws = ws;
    model.muls = muls;
    if (have_p) {
        model.p = p;
        model.p_align = false; /* a fixed P, as given */
    }
    if (pick)
        model.pick = pick[1] == 'i' ? (pick[2] == 'n' ? CM_PICK_MIN : CM_PICK_MID) : CM_PICK_MAX;

    for (unsigned i = 0; i < n_extra; i++)
        add_handler(extra[i]);
    if (elf_path) {
        struct cm_elf e;
        if (cm_elf_open(&e, elf_path, err, sizeof err) != 0) {
            say("cycle-model: %s\n", err);
            return -1;
        }
        read_vectors(&e, have_vtor ? vtor : e.lowest_load, nvec);
        cm_elf_functions(&e, handler_symbol, NULL);
        if (!have_marks && cm_elf_symbol(&e, "rtb_cm_marks", &marks))
            have_marks = true;
        cm_elf_close(&e);
    }
    marks_base = marks;
    marks_set = have_marks;
    agg_reset(&outside_agg);

    if (out_path[0]) {
        out = fopen(out_path, "w");
        if (!out) {
            say("cycle-model: cannot write %s\n", out_path);
            return -1;
        }
        fprintf(out, "# rtbench cycle-model 1\n");
        fprintf(out,
                "M core=%s ws=%u p=%u%s range=%s muls=%u entry=%u exit=%u tail=%u"
                " handlers=%u marks=",
                core->name, model.ws, model.p, model.p_align ? "+align" : "",
                model.pick == CM_PICK_MIN   ? "min"
                : model.pick == CM_PICK_MAX ? "max"
                                            : "mid",
                model.muls, core->exc_entry, core->exc_exit, core->exc_tail, n_handlers);
        if (marks_set)
            fprintf(out, "0x%08" PRIx32 "\n", marks_base);
        else
            fprintf(out, "none\n");
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
