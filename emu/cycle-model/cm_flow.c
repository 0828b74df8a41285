/*
 * Control flow and exceptions of the cycle model (cm_flow.h).
 */
#include "cm_flow.h"

#include <stddef.h>

/* Takes back the instructions of tb from address from on: they did not run.
   Returns the instruction that ran last, or NULL. */
static const struct cm_insn *take_back(struct cm_flow *f, const struct cm_block *tb, uint32_t from)
{
    for (uint32_t i = 1; i < tb->n; i++) {
        if (tb->addr[i] == from) {
            f->cycles -= tb->suffix[i];
            f->insns -= tb->n - i;
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
static void reprice_first(struct cm_flow *f, const struct cm_block *cur,
                          const struct cm_insn *before)
{
    struct cm_price alone, with;
    cm_price(f->model, &cur->ins[0], NULL, &alone);
    cm_price(f->model, &cur->ins[0], before, &with);
    f->cycles += (uint64_t)with.base - alone.base;
}

/* The previous block p stopped before its last instruction (an MMIO access
   under -icount, an exception): it was counted whole at its start. Returns p
   if an exception cut it, to be resumed at the exception return; else NULL. */
static struct cm_block *stopped_early(struct cm_flow *f, struct cm_block *p,
                                      const struct cm_block *cur)
{
    if (cur->start > p->start && cur->start < p->fall) {
        const struct cm_insn *last = take_back(f, p, cur->start);
        if (last)
            reprice_first(f, cur, last);
    } else if (cur->is_handler && f->last_store_set) {
        /* an exception after a store (an NVIC pend, under -icount the last
           instruction QEMU ran of the block): what follows it in the block
           has not run yet, and runs after the handler, in the window that
           a counter read in the handler opens */
        for (uint32_t i = 0; i + 1 < p->n; i++)
            if (p->addr[i] == f->last_store_pc) {
                take_back(f, p, p->addr[i + 1]);
                break;
            }
    } else {
        return p; /* resumed later, at the exception return */
    }
    return NULL;
}

/* A new exception frame; cut: the block the exception cut short, or NULL. */
static void frame_push(struct cm_flow *f, struct cm_block *cut)
{
    if (f->n_frames < CM_MAX_FRAMES) {
        f->frame_cut[f->n_frames] = cut;
        f->frame_depth[f->n_frames++] = 0;
    } else
        f->n_frame_overflow++;
}

/* The branch ending p was taken to cur: its refill extras, and the call depth
   of the current exception frame. True if it is the exception's return (the
   frame is popped; what it cut short and did not run is taken back). */
static bool branch_taken(struct cm_flow *f, const struct cm_block *p, const struct cm_block *cur)
{
    bool exc_return = false;
    f->n_taken++;
    f->cycles += p->taken_extra;
    f->taken_cycles += p->taken_extra;
    if (f->n_frames > 0 && p->end_call) {
        f->frame_depth[f->n_frames - 1]++;
    } else if (f->n_frames > 0 && p->end_ret) {
        if (f->frame_depth[f->n_frames - 1] > 0) {
            f->frame_depth[f->n_frames - 1]--;
        } else {
            const struct cm_block *cut;
            exc_return = true;
            f->n_frames--;
            cut = f->frame_cut[f->n_frames];
            if (cut && cur->start > cut->start && cur->start < cut->fall)
                take_back(f, cut, cur->start);
        }
    }
    if (!exc_return && cm_in_flash(f->model, cur->start))
        f->cycles += f->model->ws;
    /* P = 2 for a 32-bit target at a halfword address ([ALN], cm_timing.c) */
    if (!exc_return && p->align_refill && cur->ins[0].size == 4 && (cur->start & 2)) {
        f->cycles++;
        f->taken_cycles++;
    }
    return exc_return;
}

/* The previous block p ran to its last instruction, a branch, and cur follows.
   Sets *exc_return if it returned from an exception, *direct_here if it
   branched to cur (a branch, not an exception, brought the flow to cur). */
static void after_branch(struct cm_flow *f, const struct cm_block *p, const struct cm_block *cur,
                         bool *exc_return, bool *direct_here)
{
    bool taken;
    if (!p->end_cond)
        taken = true;
    else if (p->end_direct)
        taken = cur->start == p->target && p->target != p->fall;
    else
        taken = cur->start != p->fall;
    *direct_here = p->end_direct && taken && cur->start == p->target;
    if (taken)
        *exc_return = branch_taken(f, p, cur);
    /* a call through a pointer may land on a handler: not an exception */
    if (p->end_call && !p->end_direct)
        *direct_here = true;
}

/* An exception return (its instruction's refill ret_refill) to cur: the exit,
   or the tail-chain when cur is another handler, replaces the refill. */
static void exception_exit(struct cm_flow *f, const struct cm_block *cur, uint32_t ret_refill)
{
    const struct cm_core *core = f->model->core;
    uint64_t ws = cm_in_flash(f->model, cur->start) ? f->model->ws : 0;
    f->exc_cycles -= ret_refill;
    if (cur->is_handler) {
        f->exc_cycles += core->exc_tail + ws;
        f->cycles += core->exc_tail + ws - ret_refill;
        f->n_tail++;
        frame_push(f, NULL);
    } else {
        f->exc_cycles += core->exc_exit + ws;
        f->cycles += core->exc_exit + ws - ret_refill;
        f->n_exit++;
    }
}

void cm_flow_block(struct cm_flow *f, struct cm_block *cur)
{
    struct cm_block *p = f->prev, *cut = NULL;
    bool exc_return = false, direct_here = false;
    bool ran_whole = p && p->end_count != f->prev_end_snap;

    if (p && !ran_whole)
        cut = stopped_early(f, p, cur);
    f->last_store_set = false;
    if (ran_whole && !p->end_branch && cur->start == p->fall)
        reprice_first(f, cur, &p->ins[p->n - 1]);
    if (ran_whole && p->end_branch)
        after_branch(f, p, cur, &exc_return, &direct_here);
    if (exc_return) {
        exception_exit(f, cur, p->refill);
    } else if (cur->is_handler && p && !direct_here) {
        uint64_t c =
            f->model->core->exc_entry + (cm_in_flash(f->model, cur->start) ? f->model->ws : 0);
        f->cycles += c;
        f->exc_cycles += c;
        f->n_entry++;
        frame_push(f, cut);
    }
    f->cycles += cur->suffix[0];
    f->insns += cur->n;
    f->prev = cur;
    f->prev_end_snap = cur->end_count;
}
