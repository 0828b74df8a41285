/* cppcheck stub of RT-Thread Nano 3.1.5's rtthread.h and rtdef.h (see ../README.md). */
#ifndef RTB_STUB_RTTHREAD_H
#define RTB_STUB_RTTHREAD_H
#include <stddef.h>
#include <stdint.h>

#include "rtconfig.h"

typedef int8_t rt_int8_t;
typedef uint8_t rt_uint8_t;
typedef uint16_t rt_uint16_t;
typedef int32_t rt_int32_t;
typedef uint32_t rt_uint32_t;
typedef long rt_base_t;
typedef unsigned long rt_ubase_t;
typedef rt_base_t rt_err_t;
typedef rt_uint32_t rt_tick_t;
typedef rt_ubase_t rt_size_t;

#define RT_VERSION 3L
#define RT_SUBVERSION 1L
#define RT_REVISION 5L
#define RT_EOK 0
#define RT_ERROR 1
#define RT_ETIMEOUT 2
#define RT_EFULL 3
#define RT_EEMPTY 4
#define RT_ENOMEM 5
#define RT_ENOSYS 6
#define RT_EBUSY 7
#define RT_EIO 8
#define RT_EINTR 9
#define RT_EINVAL 10
#define RT_WAITING_FOREVER -1
#define RT_WAITING_NO 0
#define RT_TICK_MAX 0xffffffff
#define RT_SEM_VALUE_MAX 0xffff
#define RT_IPC_FLAG_PRIO 0x01
#define RT_EVENT_FLAG_AND 0x01
#define RT_EVENT_FLAG_OR 0x02
#define RT_THREAD_CLOSE 0x04
#define RT_THREAD_STAT_MASK 0x0f
#define RT_THREAD_CTRL_CHANGE_PRIORITY 0x02
#define RT_ALIGN_SIZE 4
#define RT_ALIGN(size, align) (((size) + (align)-1) & ~((align)-1))

typedef struct rt_list_node {
    struct rt_list_node *next, *prev;
} rt_list_t;
struct rt_object {
    char name[8];
    rt_uint8_t type;
    rt_uint8_t flag;
    rt_list_t list;
};
struct rt_ipc_object {
    struct rt_object parent;
    rt_list_t suspend_thread;
};
struct rt_thread {
    struct rt_object parent;
    void *dummy[20];
    rt_uint8_t stat;
    rt_uint8_t current_priority;
    rt_uint8_t init_priority;
};
struct rt_semaphore {
    struct rt_ipc_object parent;
    rt_uint16_t value;
};
struct rt_mutex {
    struct rt_ipc_object parent;
    struct rt_thread *owner;
};
struct rt_event {
    struct rt_ipc_object parent;
    rt_uint32_t set;
};
struct rt_mailbox {
    struct rt_ipc_object parent;
    void *dummy[6];
};
struct rt_messagequeue {
    struct rt_ipc_object parent;
    void *dummy[8];
};

static inline int rt_list_isempty(const rt_list_t *l)
{
    return l->next == l;
}

rt_err_t rt_thread_init(struct rt_thread *, const char *, void (*)(void *), void *, void *,
                        rt_uint32_t, rt_uint8_t, rt_uint32_t);
rt_err_t rt_thread_detach(struct rt_thread *);
rt_err_t rt_thread_startup(struct rt_thread *);
struct rt_thread *rt_thread_self(void);
rt_err_t rt_thread_yield(void);
rt_err_t rt_thread_delay(rt_tick_t);
rt_err_t rt_thread_suspend(struct rt_thread *);
rt_err_t rt_thread_resume(struct rt_thread *);
rt_err_t rt_thread_control(struct rt_thread *, int, void *);
void rt_schedule(void);
rt_err_t rt_sem_init(struct rt_semaphore *, const char *, rt_uint32_t, rt_uint8_t);
rt_err_t rt_sem_detach(struct rt_semaphore *);
rt_err_t rt_sem_take(struct rt_semaphore *, rt_int32_t);
rt_err_t rt_sem_release(struct rt_semaphore *);
rt_err_t rt_mutex_init(struct rt_mutex *, const char *, rt_uint8_t);
rt_err_t rt_mutex_detach(struct rt_mutex *);
rt_err_t rt_mutex_take(struct rt_mutex *, rt_int32_t);
rt_err_t rt_mutex_release(struct rt_mutex *);
rt_err_t rt_event_init(struct rt_event *, const char *, rt_uint8_t);
rt_err_t rt_event_detach(struct rt_event *);
rt_err_t rt_event_send(struct rt_event *, rt_uint32_t);
rt_err_t rt_event_recv(struct rt_event *, rt_uint32_t, rt_uint8_t, rt_int32_t, rt_uint32_t *);
rt_err_t rt_mb_init(struct rt_mailbox *, const char *, void *, rt_size_t, rt_uint8_t);
rt_err_t rt_mb_detach(struct rt_mailbox *);
rt_err_t rt_mb_send(struct rt_mailbox *, rt_ubase_t);
rt_err_t rt_mb_recv(struct rt_mailbox *, rt_ubase_t *, rt_int32_t);
rt_err_t rt_mq_init(struct rt_messagequeue *, const char *, void *, rt_size_t, rt_size_t,
                    rt_uint8_t);
rt_err_t rt_mq_detach(struct rt_messagequeue *);
rt_err_t rt_mq_send(struct rt_messagequeue *, void *, rt_size_t);
rt_err_t rt_mq_send_wait(struct rt_messagequeue *, void *, rt_size_t, rt_int32_t);
rt_err_t rt_mq_urgent(struct rt_messagequeue *, void *, rt_size_t);
rt_err_t rt_mq_recv(struct rt_messagequeue *, void *, rt_size_t, rt_int32_t);
void rt_system_heap_init(void *, void *);
void *rt_malloc(rt_size_t);
void rt_free(void *);
void rt_interrupt_enter(void);
void rt_interrupt_leave(void);
void rt_tick_increase(void);
void rt_system_timer_init(void);
void rt_system_scheduler_init(void);
void rt_system_scheduler_start(void);
void rt_system_timer_thread_init(void);
void rt_thread_idle_init(void);
#endif
