/*
 * refk - intrusive FIFO and LIFO, stack of words, message queue.
 */
#include "refk_internal.h"

/* ---- FIFO / LIFO ------------------------------------------------------------
 * An item's first word links it: the address of the next item, with bit 0
 * set when the item itself is a link allocated by *_alloc_put (a two-word
 * {link, data} block from the kernel heap, freed by the get that returns
 * `data`). A waiting getter is handed the item directly. */

struct alloc_link {
    uintptr_t link;
    void *data;
};

int refk_queue_init(struct refk_queue *q)
{
    if (q == NULL)
        return REFK_EINVAL;
    q->wq.head = NULL;
    q->head = NULL;
    q->tail = NULL;
    return REFK_OK;
}

static int fifo_put(struct refk_queue *q, uintptr_t *item, uintptr_t flag)
{
    uint32_t pm = refk_irq_save();
    struct refk_thread *t = q->wq.head;
    *item = flag;
    if (t != NULL) {
        t->wait_data = item;
        refk_wake(&refk_sched, t, REFK_OK);
        refk_irq_restore_switch(pm);
        return REFK_OK;
    }
    if (q->head == NULL)
        q->head = item;
    else
        *q->tail |= (uintptr_t)item;
    q->tail = item;
    refk_irq_restore(pm);
    return REFK_OK;
}

static int lifo_put(struct refk_queue *q, uintptr_t *item, uintptr_t flag)
{
    uint32_t pm = refk_irq_save();
    struct refk_thread *t = q->wq.head;
    if (t != NULL) {
        *item = flag;
        t->wait_data = item;
        refk_wake(&refk_sched, t, REFK_OK);
        refk_irq_restore_switch(pm);
        return REFK_OK;
    }
    *item = (uintptr_t)q->head | flag;
    q->head = item;
    refk_irq_restore(pm);
    return REFK_OK;
}

int refk_fifo_put(struct refk_queue *q, void *item)
{
    return fifo_put(q, (uintptr_t *)item, 0);
}

int refk_lifo_put(struct refk_queue *q, void *item)
{
    return lifo_put(q, (uintptr_t *)item, 0);
}

int refk_fifo_alloc_put(struct refk_queue *q, void *data)
{
    struct alloc_link *l = refk_malloc(sizeof *l);
    if (l == NULL)
        return REFK_ENOMEM;
    l->data = data;
    return fifo_put(q, &l->link, 1u);
}

int refk_lifo_alloc_put(struct refk_queue *q, void *data)
{
    struct alloc_link *l = refk_malloc(sizeof *l);
    if (l == NULL)
        return REFK_ENOMEM;
    l->data = data;
    return lifo_put(q, &l->link, 1u);
}

int refk_queue_get(struct refk_queue *q, void **item, int32_t timeout)
{
    uintptr_t *n;
    refk_lock();
    n = q->head;
    if (n != NULL) {
        q->head = (uintptr_t *)(*n & ~(uintptr_t)1u);
        refk_unlock();
    } else {
        struct refk_thread *c = refk_sched.cur;
        int ret;
        if (timeout == 0) {
            refk_unlock();
            return REFK_EAGAIN;
        }
        ret = refk_block(&q->wq, timeout);
        if (ret != 0)
            return ret;
        n = c->wait_data;
    }
    if (*n & 1u) {
        struct alloc_link *l = (struct alloc_link *)n;
        *item = l->data;
        refk_free(l);
    } else {
        *item = n;
    }
    return REFK_OK;
}

/* ---- stack of words ----------------------------------------------------------- */

int refk_stack_init(struct refk_stack *s, uintptr_t *buf, uint32_t capacity)
{
    if (s == NULL || buf == NULL || capacity == 0)
        return REFK_EINVAL;
    s->wq.head = NULL;
    s->buf = buf;
    s->count = 0;
    s->cap = capacity;
    return REFK_OK;
}

int refk_stack_push(struct refk_stack *s, uintptr_t value)
{
    uint32_t pm = refk_irq_save();
    struct refk_thread *t = s->wq.head;
    uint32_t n;
    if (t != NULL) {
        t->wait_data = (void *)value;
        refk_wake(&refk_sched, t, REFK_OK);
        refk_irq_restore_switch(pm);
        return REFK_OK;
    }
    n = s->count;
    if (n >= s->cap) {
        refk_irq_restore(pm);
        return REFK_EOVERFLOW;
    }
    s->buf[n] = value;
    s->count = n + 1;
    refk_irq_restore(pm);
    return REFK_OK;
}

int refk_stack_pop(struct refk_stack *s, uintptr_t *value, int32_t timeout)
{
    struct refk_thread *c;
    uint32_t n;
    int ret;
    refk_lock();
    n = s->count;
    if (n != 0) {
        s->count = --n;
        *value = s->buf[n];
        refk_unlock();
        return REFK_OK;
    }
    if (timeout == 0) {
        refk_unlock();
        return REFK_EAGAIN;
    }
    c = refk_sched.cur;
    ret = refk_block(&s->wq, timeout);
    if (ret == 0)
        *value = (uintptr_t)c->wait_data;
    return ret;
}

/* ---- message queue -------------------------------------------------------------
 * A ring of max_msgs slots of msg_size bytes, walked with two pointers (no
 * multiply, no modulo). A reader that finds it empty waits with its
 * destination in wait_data and a writer copies straight into it; a writer
 * that finds it full waits with its source in wait_data and the reader that
 * frees a slot copies it in. */

#if !defined(REFK_ARCH_COPY_WORDS)
/* `n` bytes, a multiple of 4, between word-aligned buffers (the arch can do better). */
static inline void refk_copy_words(void *dst, const void *src, uint32_t n)
{
    uint32_t *d = dst;
    const uint32_t *s = src;
    for (; n != 0; n -= 4u)
        *d++ = *s++;
}
#endif

/* Copy a message: whole words when both ends and the size are word-aligned
 * (every rtbench message), else bytes. Inlined: the copy is most of a put
 * or a get. */
static inline __attribute__((always_inline)) void msg_copy(void *dst, const void *src, uint32_t n)
{
    if ((((uintptr_t)dst | (uintptr_t)src | n) & 3u) == 0) {
        refk_copy_words(dst, src, n);
    } else {
        uint8_t *d = dst;
        const uint8_t *s = src;
        for (; n != 0; n--)
            *d++ = *s++;
    }
}

/* The slot after `p` in the ring. */
static inline uint8_t *msg_next(const struct refk_msgq *q, uint8_t *p)
{
    p += q->msg_size;
    return p == q->end ? q->buf : p;
}

int refk_msgq_init(struct refk_msgq *q, void *buf, size_t msg_size, uint32_t max_msgs)
{
    if (q == NULL || buf == NULL || msg_size == 0 || max_msgs == 0 ||
        msg_size > UINT32_MAX / max_msgs)
        return REFK_EINVAL;
    q->wq.head = NULL;
    q->buf = buf;
    q->end = q->buf + msg_size * max_msgs;
    q->rd = q->buf;
    q->wr = q->buf;
    q->msg_size = (uint32_t)msg_size;
    q->max_msgs = max_msgs;
    q->count = 0;
    return REFK_OK;
}

int refk_msgq_put(struct refk_msgq *q, const void *msg, int32_t timeout)
{
    struct refk_thread *t;
    uint32_t pm = refk_irq_save();
    uint32_t c = q->count;
    if (c < q->max_msgs) {
        uint8_t *w;
        if (c == 0 && (t = q->wq.head) != NULL) { /* a reader waits */
            msg_copy(t->wait_data, msg, q->msg_size);
            refk_wake(&refk_sched, t, REFK_OK);
            refk_irq_restore_switch(pm);
            return REFK_OK;
        }
        w = q->wr;
        msg_copy(w, msg, q->msg_size);
        q->wr = msg_next(q, w);
        q->count = c + 1u;
        refk_irq_restore(pm);
        return REFK_OK;
    }
    if (timeout == 0) {
        refk_irq_restore(pm);
        return REFK_EAGAIN;
    }
    if (pm != 0) { /* called with interrupts masked: cannot block */
        refk_irq_restore(pm);
        return REFK_EPERM;
    }
    refk_sched.cur->wait_data = (void *)(uintptr_t)msg;
    return refk_block(&q->wq, timeout);
}

int refk_msgq_get(struct refk_msgq *q, void *msg, int32_t timeout)
{
    struct refk_thread *t;
    uint32_t c;
    refk_lock();
    c = q->count;
    if (c != 0) {
        uint8_t *r = q->rd;
        msg_copy(msg, r, q->msg_size);
        q->rd = msg_next(q, r);
        t = q->wq.head;
        if (t != NULL) { /* a writer waits for this slot: the count stays */
            uint8_t *w = q->wr;
            msg_copy(w, t->wait_data, q->msg_size);
            q->wr = msg_next(q, w);
            refk_wake(&refk_sched, t, REFK_OK);
            refk_unlock_switch();
            return REFK_OK;
        }
        q->count = c - 1u;
        refk_unlock();
        return REFK_OK;
    }
    if (timeout == 0) {
        refk_unlock();
        return REFK_EAGAIN;
    }
    refk_sched.cur->wait_data = msg;
    return refk_block(&q->wq, timeout);
}
