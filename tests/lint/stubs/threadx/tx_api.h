/* cppcheck stub of Eclipse ThreadX 6.4.2's tx_api.h (see ../README.md). */
#ifndef RTB_STUB_TX_API_H
#define RTB_STUB_TX_API_H
#include <stdint.h>

#include "tx_user.h"

#define VOID void
typedef char CHAR;
typedef unsigned int UINT;
typedef unsigned long ULONG;

#define THREADX_MAJOR_VERSION 6
#define THREADX_MINOR_VERSION 4
#define THREADX_PATCH_VERSION 2
#ifndef TX_MAX_PRIORITIES
#define TX_MAX_PRIORITIES 32
#endif
#ifndef TX_TIMER_TICKS_PER_SECOND
#define TX_TIMER_TICKS_PER_SECOND 100UL
#endif
#define TX_MINIMUM_STACK 200
#define TX_CLEAR_ID ((ULONG)0)
#define TX_NO_WAIT ((ULONG)0)
#define TX_WAIT_FOREVER ((ULONG)0xFFFFFFFFUL)
#define TX_AND ((UINT)2)
#define TX_OR ((UINT)0)
#define TX_AUTO_START ((UINT)1)
#define TX_DONT_START ((UINT)0)
#define TX_NO_TIME_SLICE ((ULONG)0)
#define TX_INHERIT ((UINT)1)
#define TX_INT_DISABLE ((UINT)1)
#define TX_1_ULONG ((UINT)1)
#define TX_16_ULONG ((UINT)16)
#define TX_COMPLETED ((UINT)1)
#define TX_SUCCESS ((UINT)0x00)
#define TX_DELETED ((UINT)0x01)
#define TX_PTR_ERROR ((UINT)0x03)
#define TX_WAIT_ERROR ((UINT)0x04)
#define TX_NO_EVENTS ((UINT)0x07)
#define TX_QUEUE_EMPTY ((UINT)0x0A)
#define TX_QUEUE_FULL ((UINT)0x0B)
#define TX_NO_INSTANCE ((UINT)0x0D)
#define TX_NO_MEMORY ((UINT)0x10)
#define TX_START_ERROR ((UINT)0x10)
#define TX_DELETE_ERROR ((UINT)0x11)
#define TX_RESUME_ERROR ((UINT)0x12)
#define TX_CALLER_ERROR ((UINT)0x13)
#define TX_SUSPEND_ERROR ((UINT)0x14)
#define TX_SUSPEND_LIFTED ((UINT)0x19)
#define TX_WAIT_ABORTED ((UINT)0x1A)
#define TX_NOT_AVAILABLE ((UINT)0x1D)
#define TX_NOT_OWNED ((UINT)0x1E)
#define TX_NOT_DONE ((UINT)0x20)
#define TX_CEILING_EXCEEDED ((UINT)0x21)
#define TX_FEATURE_NOT_ENABLED ((UINT)0xFF)

typedef struct {
    ULONG tx_thread_id;
    void *dummy[40];
} TX_THREAD;
typedef struct {
    ULONG tx_semaphore_id;
    void *dummy[8];
} TX_SEMAPHORE;
typedef struct {
    ULONG tx_mutex_id;
    void *dummy[12];
} TX_MUTEX;
typedef struct {
    ULONG tx_event_flags_group_id;
    void *dummy[8];
} TX_EVENT_FLAGS_GROUP;
typedef struct {
    ULONG tx_queue_id;
    void *dummy[16];
} TX_QUEUE;
typedef struct {
    ULONG tx_byte_pool_id;
    void *dummy[16];
} TX_BYTE_POOL;

UINT tx_thread_create(TX_THREAD *, CHAR *, VOID (*)(ULONG), ULONG, VOID *, ULONG, UINT, UINT, ULONG,
                      UINT);
UINT tx_thread_delete(TX_THREAD *);
TX_THREAD *tx_thread_identify(VOID);
UINT tx_thread_preemption_change(TX_THREAD *, UINT, UINT *);
UINT tx_thread_priority_change(TX_THREAD *, UINT, UINT *);
VOID tx_thread_relinquish(VOID);
UINT tx_thread_resume(TX_THREAD *);
UINT tx_thread_sleep(ULONG);
UINT tx_thread_suspend(TX_THREAD *);
UINT tx_thread_terminate(TX_THREAD *);
UINT tx_semaphore_create(TX_SEMAPHORE *, CHAR *, ULONG);
UINT tx_semaphore_delete(TX_SEMAPHORE *);
UINT tx_semaphore_get(TX_SEMAPHORE *, ULONG);
UINT tx_semaphore_put(TX_SEMAPHORE *);
UINT tx_semaphore_ceiling_put(TX_SEMAPHORE *, ULONG);
UINT tx_mutex_create(TX_MUTEX *, CHAR *, UINT);
UINT tx_mutex_delete(TX_MUTEX *);
UINT tx_mutex_get(TX_MUTEX *, ULONG);
UINT tx_mutex_put(TX_MUTEX *);
UINT tx_event_flags_create(TX_EVENT_FLAGS_GROUP *, CHAR *);
UINT tx_event_flags_delete(TX_EVENT_FLAGS_GROUP *);
UINT tx_event_flags_get(TX_EVENT_FLAGS_GROUP *, ULONG, UINT, ULONG *, ULONG);
UINT tx_event_flags_set(TX_EVENT_FLAGS_GROUP *, ULONG, UINT);
UINT tx_queue_create(TX_QUEUE *, CHAR *, UINT, VOID *, ULONG);
UINT tx_queue_delete(TX_QUEUE *);
UINT tx_queue_receive(TX_QUEUE *, VOID *, ULONG);
UINT tx_queue_send(TX_QUEUE *, VOID *, ULONG);
UINT tx_queue_front_send(TX_QUEUE *, VOID *, ULONG);
UINT tx_byte_pool_create(TX_BYTE_POOL *, CHAR *, VOID *, ULONG);
UINT tx_byte_allocate(TX_BYTE_POOL *, VOID **, ULONG, ULONG);
UINT tx_byte_release(VOID *);
UINT tx_interrupt_control(UINT);
VOID tx_kernel_enter(VOID);
VOID tx_application_define(VOID *);
#endif
