/*
 * rtbench cycle model: a QEMU TCG plugin (API v1) that prices every executed
 * Cortex-M instruction with the cycle tables of the core's Technical Reference
 * Manual and sums model cycles per marked window and per benchmark.
 *
 *   qemu-system-arm ... -plugin librtbench-cycle-model.so,core=cortex-m3,elf=app.elf,out=FILE
 *
 * How it works (README.md and docs/cycle-model.md say more):
 * - Translation (here): each instruction is decoded (cm_decode.c) and priced
 *   (cm_timing.c) once; its price is added at run time by an inline counter,
 *   which stays exact when a block is left half-way (exception, MMIO).
 * - One callback per executed block (cm_flow.c): it sees which block follows
 *   the last one, so it adds the refill of a taken conditional branch, wait
 *   states on a refill, and the exception costs.
 * - Window marks (cm_windows.c): stores to a block of 69 words in the guest
 *   (symbol rtb_cmark_block, or marks=ADDR): the address says what happened.
 * - The arguments and the image's handlers and mark block: cm_setup.c.
 */
#include "cm_decode.h"
#include "cm_flow.h"
#include "cm_setup.h"
#include "cm_timing.h"
#include "cm_windows.h"
#include "qemu_plugin_v1.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = 1;

/* The plugin's one state: QEMU's callbacks carry no context of their own. */
static struct cm_plugin {
    struct cm_setup setup;
    struct cm_flow flow;
    struct cm_windows windows;
    FILE *out; /* the result file, or NULL */
    /* profile=1: executed instructions and their base cycles per class (inline) */
    uint64_t prof_insns[CM_K_COUNT], prof_cycles[CM_K_COUNT];
} plugin;

static void say(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    qemu_plugin_outs(buf);
}

static void mark_store(unsigned vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *ud)
{
    struct cm_flow *f = &plugin.flow;
    uint64_t off = vaddr - plugin.setup.marks_base;
    const struct cm_mark_site *site = ud;
    const struct cm_block *tb = site->tb;
    /* the counters hold the whole block since its start: take back what follows */
    struct cm_at after = {f->cycles - tb->suffix[site->idx + 1],
                          f->insns - (tb->n - site->idx - 1)};
    struct cm_at before = {f->cycles - tb->suffix[site->idx], after.insns - 1};
    (void)vcpu;
    (void)info;
    f->last_store_pc = tb->addr[site->idx];
    f->last_store_set = true;
    if (off >= MARK_SPAN || (off & 3))
        return;
    cm_windows_mark(&plugin.windows, off, before, after);
}

static void tb_exec(unsigned vcpu, void *ud)
{
    (void)vcpu;
    cm_flow_block(&plugin.flow, ud);
}

/* A block of n instructions, its arrays allocated (abort if out of memory). */
static struct cm_block *block_new(size_t n)
{
    struct cm_block *ti = calloc(1, sizeof *ti);
    if (ti) {
        ti->addr = calloc(n, sizeof *ti->addr);
        ti->suffix = calloc(n + 1, sizeof *ti->suffix);
        ti->sites = calloc(n, sizeof *ti->sites);
        ti->ins = calloc(n, sizeof *ti->ins);
    }
    if (!ti || !ti->addr || !ti->suffix || !ti->sites || !ti->ins) {
        say("cycle-model: out of memory\n");
        abort();
    }
    ti->n = (uint32_t)n;
    return ti;
}

/* The block's last instruction cur at pc, priced as price: how it ends. */
static void block_end(struct cm_block *ti, struct qemu_plugin_insn *insn, uint32_t pc,
                      const struct cm_insn *cur, const struct cm_price *price)
{
    ti->fall = pc + cur->size;
    ti->end_branch = cur->writes_pc;
    ti->end_cond = cur->cond;
    ti->end_direct = cur->direct;
    ti->target = cur->target;
    ti->end_call = cur->is_call;
    ti->end_ret = cur->writes_pc && !cur->is_call && !cur->direct && cur->kind != CM_K_TB;
    ti->taken_extra = price->taken_extra;
    ti->refill = price->refill;
    ti->align_refill = price->align_refill;
    qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &ti->end_count, 1);
}

/* Instruction i of block ti: decoded, priced (its base cycles to *cost), and
   its run-time counters and mark callback registered. */
static void insn_trans(struct cm_block *ti, size_t i, struct qemu_plugin_insn *insn,
                       struct cm_it *it, struct cm_insn *prev, uint32_t *cost)
{
    const uint8_t *b = qemu_plugin_insn_data(insn);
    size_t sz = qemu_plugin_insn_size(insn);
    uint32_t pc = (uint32_t)qemu_plugin_insn_vaddr(insn);
    uint16_t hw1 = (uint16_t)(b[0] | b[1] << 8), hw2 = 0;
    struct cm_insn cur;
    struct cm_price price;

    /* QEMU 7.2 can report 2 bytes too many near a page end: the first halfword decides */
    if (cm_thumb_len(hw1) == 4 && sz >= 4)
        hw2 = (uint16_t)(b[2] | b[3] << 8);
    cm_decode(pc, hw1, hw2, it, &cur);
    cm_price(&plugin.setup.model, &cur, i ? prev : NULL, &price);
    ti->addr[i] = pc;
    ti->ins[i] = cur;
    *cost = price.base;
    if (plugin.setup.profile) {
        qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
                                                   &plugin.prof_insns[cur.kind], 1);
        qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
                                                   &plugin.prof_cycles[cur.kind], price.base);
    }
    if (plugin.setup.marks_set && cur.kind == CM_K_STR) {
        ti->sites[i].tb = ti;
        ti->sites[i].idx = (uint32_t)i;
        qemu_plugin_register_vcpu_mem_cb(insn, mark_store, QEMU_PLUGIN_CB_NO_REGS,
                                         QEMU_PLUGIN_MEM_W, &ti->sites[i]);
    }
    if (i == ti->n - 1)
        block_end(ti, insn, pc, &cur, &price);
    *prev = cur;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t n = qemu_plugin_tb_n_insns(tb);
    struct cm_block *ti;
    struct cm_insn prev;
    struct cm_it it = {0};
    uint32_t *cost;
    (void)id;

    if (n == 0)
        return;
    ti = block_new(n);
    cost = calloc(n, sizeof *cost);
    if (!cost) {
        say("cycle-model: out of memory\n");
        abort();
    }
    ti->start = (uint32_t)qemu_plugin_tb_vaddr(tb);
    ti->is_handler = cm_setup_is_handler(&plugin.setup, ti->start);
    for (size_t i = 0; i < n; i++)
        insn_trans(ti, i, qemu_plugin_tb_get_insn(tb, i), &it, &prev, &cost[i]);
    for (size_t i = n; i-- > 0;)
        ti->suffix[i] = ti->suffix[i + 1] + cost[i];
    free(cost);
    qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS, ti);
}

static void at_exit(qemu_plugin_id_t id, void *ud)
{
    const struct cm_flow *f = &plugin.flow;
    const struct cm_windows *w = &plugin.windows;
    char line[512];
    (void)id;
    (void)ud;
    cm_windows_end(&plugin.windows);
    snprintf(line, sizeof line,
             "T insns=%" PRIu64 " cycles=%" PRIu64 " windows=%" PRIu64 " benchmarks=%u"
             " exc_entry=%" PRIu64 " exc_exit=%" PRIu64 " tail_chain=%" PRIu64
             " unclosed=%d stray_close=%" PRIu64 " reopened=%" PRIu64 " lost=%" PRIu64
             " stray_to=%" PRIu64 "\n",
             f->insns, f->cycles, w->n_windows, w->bench_seq, f->n_entry, f->n_exit, f->n_tail,
             w->open ? 1 : 0, w->n_stray_close, w->n_reopen, w->n_lost, w->n_stray_to);
    if (plugin.out && plugin.setup.profile) {
        for (unsigned k = 0; k < CM_K_COUNT; k++)
            if (plugin.prof_insns[k])
                fprintf(plugin.out, "P %s insns=%" PRIu64 " cycles=%" PRIu64 "\n", cm_kind_name(k),
                        plugin.prof_insns[k], plugin.prof_cycles[k]);
        fprintf(plugin.out, "P taken-branch-refills cycles=%" PRIu64 "\n", f->taken_cycles);
        fprintf(plugin.out, "P exceptions cycles=%" PRIu64 "\n", f->exc_cycles);
    }
    if (plugin.out) {
        fputs(line, plugin.out);
        fclose(plugin.out);
        plugin.out = NULL;
    } else {
        qemu_plugin_outs(line);
    }
}

/* The result file's first lines: its format, the model and its parameters. */
static void write_header(FILE *out, const struct cm_setup *s)
{
    const struct cm_model *m = &s->model;
    fprintf(out, "# rtbench cycle-model 1\n");
    fprintf(out,
            "M core=%s ws=%u p=%u%s range=%s muls=%u entry=%u exit=%u tail=%u"
            " handlers=%u marks=",
            m->core->name, m->ws, m->p, m->p_align ? "+align" : "",
            m->pick == CM_PICK_MIN   ? "min"
            : m->pick == CM_PICK_MAX ? "max"
                                     : "mid",
            m->muls, m->core->exc_entry, m->core->exc_exit, m->core->exc_tail, s->n_handlers);
    if (s->marks_set)
        fprintf(out, "0x%08" PRIx32 "\n", s->marks_base);
    else
        fprintf(out, "none\n");
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                           char **argv)
{
    char err[512];
    if (info && strcmp(info->target_name, "arm") != 0) {
        say("cycle-model: target %s is not arm\n", info->target_name);
        return -1;
    }
    if (cm_setup(&plugin.setup, argc, argv, err, sizeof err) != 0) {
        say("cycle-model: %s\n", err);
        return -1;
    }
    if (plugin.setup.out_path[0]) {
        plugin.out = fopen(plugin.setup.out_path, "w");
        if (!plugin.out) {
            say("cycle-model: cannot write %s\n", plugin.setup.out_path);
            return -1;
        }
        write_header(plugin.out, &plugin.setup);
    }
    plugin.flow.model = &plugin.setup.model;
    cm_windows_init(&plugin.windows, plugin.out);
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
