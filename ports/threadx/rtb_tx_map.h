/*
 * rtbench ThreadX adapter - the kernel-independent part: how ThreadX's
 * status codes, priorities and message sizes translate to the porting
 * contract.
 *
 * Pure C99 with no ThreadX header, so that tests/adapters checks it on the
 * host; the status values are repeated here (RTB_TX_*) and port_threadx.c
 * checks at compile time that they are tx_api.h's.
 */
#ifndef RTB_TX_MAP_H
#define RTB_TX_MAP_H

#include <stddef.h>
#include <stdint.h>

#include "rtb/error.h"

/* ThreadX 6.x status codes (tx_api.h). */
#define RTB_TX_SUCCESS 0x00u
#define RTB_TX_DELETED 0x01u
#define RTB_TX_POOL_ERROR 0x02u
#define RTB_TX_PTR_ERROR 0x03u
#define RTB_TX_WAIT_ERROR 0x04u
#define RTB_TX_SIZE_ERROR 0x05u
#define RTB_TX_GROUP_ERROR 0x06u
#define RTB_TX_NO_EVENTS 0x07u
#define RTB_TX_OPTION_ERROR 0x08u
#define RTB_TX_QUEUE_ERROR 0x09u
#define RTB_TX_QUEUE_EMPTY 0x0Au
#define RTB_TX_QUEUE_FULL 0x0Bu
#define RTB_TX_SEMAPHORE_ERROR 0x0Cu
#define RTB_TX_NO_INSTANCE 0x0Du
#define RTB_TX_THREAD_ERROR 0x0Eu
#define RTB_TX_PRIORITY_ERROR 0x0Fu
#define RTB_TX_NO_MEMORY 0x10u /* also TX_START_ERROR */
#define RTB_TX_DELETE_ERROR 0x11u
#define RTB_TX_RESUME_ERROR 0x12u
#define RTB_TX_CALLER_ERROR 0x13u
#define RTB_TX_SUSPEND_ERROR 0x14u
#define RTB_TX_TIMER_ERROR 0x15u
#define RTB_TX_TICK_ERROR 0x16u
#define RTB_TX_ACTIVATE_ERROR 0x17u
#define RTB_TX_THRESH_ERROR 0x18u
#define RTB_TX_SUSPEND_LIFTED 0x19u
#define RTB_TX_WAIT_ABORTED 0x1Au
#define RTB_TX_WAIT_ABORT_ERROR 0x1Bu
#define RTB_TX_MUTEX_ERROR 0x1Cu
#define RTB_TX_NOT_AVAILABLE 0x1Du
#define RTB_TX_NOT_OWNED 0x1Eu
#define RTB_TX_INHERIT_ERROR 0x1Fu
#define RTB_TX_NOT_DONE 0x20u
#define RTB_TX_CEILING_EXCEEDED 0x21u
#define RTB_TX_INVALID_CEILING 0x22u
#define RTB_TX_FEATURE_NOT_ENABLED 0xFFu

/*
 * A ThreadX status -> 0 or a negative rtb_err. `nowait`: the call was made
 * with TX_NO_WAIT, so "nothing there" (TX_NO_INSTANCE, TX_QUEUE_EMPTY,
 * TX_QUEUE_FULL, TX_NO_EVENTS, TX_NOT_AVAILABLE, TX_NO_MEMORY) is
 * RTB_ERR_AGAIN; after a finite wait it is RTB_ERR_TIMEOUT.
 *   TX_CEILING_EXCEEDED                       -> RTB_ERR_OVERFLOW
 *   TX_NOT_OWNED, TX_CALLER_ERROR             -> RTB_ERR_PERM
 *   TX_DELETED, TX_WAIT_ABORTED, TX_SUSPEND_LIFTED, TX_RESUME_ERROR,
 *   TX_SUSPEND_ERROR, TX_DELETE_ERROR, TX_NOT_DONE -> RTB_ERR_STATE
 *   the *_ERROR codes of a bad pointer, object, size, option, priority,
 *   threshold, wait or ceiling                -> RTB_ERR_INVAL
 *   TX_FEATURE_NOT_ENABLED                    -> RTB_ERR_NOTSUP
 *   anything else                             -> RTB_ERR_PORT
 * A queue that is full on a put that may not wait is the caller's to turn
 * into RTB_ERR_OVERFLOW (FIFO, stack) - here it is RTB_ERR_AGAIN.
 */
int rtb_tx_status(unsigned status, int nowait);

/*
 * rtbench priority (larger = more urgent) -> ThreadX (0 = most urgent):
 * rtbench p is ThreadX (max_priorities - 1) - p: 30 -> 1, 1 -> 30 with the
 * default 32 priorities. ThreadX 0 stays above every rtbench thread (its
 * timer thread runs there by default) and max_priorities - 1 below.
 * RTB_ERR_INVAL for a prio outside RTB_PRIO_MIN..RTB_PRIO_MAX or fewer than
 * 32 priorities.
 */
int rtb_tx_prio(int prio, unsigned max_priorities, unsigned *out);

/* A message of `msg_size` bytes in ThreadX queue words (TX_1_ULONG ..
 * TX_16_ULONG): a multiple of 4 from 4 to 64, else RTB_ERR_INVAL. */
int rtb_tx_msg_words(size_t msg_size, unsigned *words);

#endif /* RTB_TX_MAP_H */
