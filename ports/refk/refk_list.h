/*
 * refk - ready lists, the ready bitmap and wait queues: pure list operations
 * (no hardware access besides refk_pend_switch), also compiled on the host by
 * tests/host/. Callers hold the kernel lock.
 *
 * Lists are circular and doubly linked through refk_thread.next/prev, with a
 * head pointer and no sentinel: ready[p] points at the thread that runs next
 * at level p, so a round-robin yield is one store (ready[p] = cur->next).
 */
#ifndef REFK_LIST_H
#define REFK_LIST_H

#include "refk.h"
#include "refk_arch.h"

/* The most urgent ready thread (the idle thread keeps bit 0 set). */
static inline struct refk_thread *refk_rq_best(const struct refk_sched *s)
{
    return s->ready[refk_arch_msb(s->bitmap)];
}

/* Append `t` to the list of its level (the tail: after its equals). */
static inline void refk_rq_add(struct refk_sched *s, struct refk_thread *t)
{
    unsigned p = t->prio;
    struct refk_thread *h = s->ready[p];
    if (h == NULL) {
        s->ready[p] = t;
        t->next = t;
        t->prev = t;
        s->bitmap |= 1u << p;
    } else {
        struct refk_thread *tail = h->prev;
        t->next = h;
        t->prev = tail;
        tail->next = t;
        h->prev = t;
    }
}

static inline void refk_rq_remove(struct refk_sched *s, struct refk_thread *t)
{
    unsigned p = t->prio;
    struct refk_thread *n = t->next;
    if (n == t) {
        s->ready[p] = NULL;
        s->bitmap &= ~(1u << p);
    } else {
        struct refk_thread *pr = t->prev;
        pr->next = n;
        n->prev = pr;
        if (s->ready[p] == t)
            s->ready[p] = n;
    }
}

/* Make the ready set's head the next thread; request a switch if it changed.
 * "Changed" rather than "differs from cur": an interrupt that preempts PendSV
 * between its read of next and its write of cur must still pend it again. */
static inline void refk_resched(struct refk_sched *s)
{
    struct refk_thread *n = refk_rq_best(s);
    if (n != s->next) {
        s->next = n;
        refk_pend_switch();
    }
}

/* `t` (state just became 0) joins the ready set; switch if it is more urgent
 * than the thread chosen to run. */
static inline void refk_make_ready(struct refk_sched *s, struct refk_thread *t)
{
    refk_rq_add(s, t);
    if (t->prio > s->next->prio) {
        s->next = t;
        refk_pend_switch();
    }
}

/* Insert `t` in `q` behind every thread of equal or higher priority. */
static inline void refk_wq_insert(struct refk_waitq *q, struct refk_thread *t)
{
    struct refk_thread *h = q->head, *pos, *pr;
    if (h == NULL) {
        q->head = t;
        t->next = t;
        t->prev = t;
        return;
    }
    pos = h;
    do {
        if (pos->prio < t->prio)
            break;
        pos = pos->next;
    } while (pos != h);
    /* insert before pos (before the head = at the tail when none is lower) */
    pr = pos->prev;
    t->next = pos;
    t->prev = pr;
    pr->next = t;
    pos->prev = t;
    if (pos == h && h->prio < t->prio)
        q->head = t;
}

static inline void refk_wq_remove(struct refk_waitq *q, struct refk_thread *t)
{
    struct refk_thread *n = t->next;
    if (n == t) {
        q->head = NULL;
    } else {
        struct refk_thread *pr = t->prev;
        pr->next = n;
        n->prev = pr;
        if (q->head == t)
            q->head = n;
    }
}

#endif /* REFK_LIST_H */
