/*
 * rtbench µC/OS-III adapter - example os_cfg.h (µC/OS-III 3.08) for the
 * QEMU boards (mps2-an385 and mps2-an505: the ARMv7-M port; microbit: the
 * ARMv6-M port), as used for the figures in docs/benchmarks.md.
 *
 * It is the configuration for a FAIR COMPARISON: µC/OS-III's own code paths
 * without the checks a production build keeps, as ThreadX is compared with
 * TX_DISABLE_ERROR_CHECKING and FreeRTOS without configASSERT. Each setting
 * marked "fair:" differs from what a production build (Micrium's template,
 * Cfg/Template/os_cfg.h) would use; the table in docs/ports/ucos3.md says
 * what and why. "needed:" settings are what the adapter calls; "off:" are
 * services the adapter never calls, left out to keep the image small (they
 * add no code to a timed path).
 */
#ifndef OS_CFG_H
#define OS_CFG_H

/* ---- checks ---------------------------------------------------------------- */
/* fair: no argument checks (production: on; every call validates pointers,
 * options and sizes) */
#define OS_CFG_ARG_CHK_EN 0u
/* fair: no "called from an ISR" refusals (production: on). The adapter
 * refuses in a handler what the contract forbids there (rtb_kernel.h). */
#define OS_CFG_CALLED_FROM_ISR_CHK_EN 0u
/* fair: no "kernel not running" checks (production: on; every call tests
 * OSRunning) */
#define OS_CFG_INVALID_OS_CALLS_CHK_EN 0u
/* fair: no object-type checks (production: on; every call compares the
 * object's Type tag) */
#define OS_CFG_OBJ_TYPE_CHK_EN 0u
/* fair: no "already created" check (production: on); an init of an
 * initialised object creates it again (rtb_port_types.h) */
#define OS_CFG_OBJ_CREATED_CHK_EN 0u
/* off: no debug names and object lists (the template's default) */
#define OS_CFG_DBG_EN 0u
/* off: no application hooks (production: often on, for the app's own
 * task-switch/idle hooks; each switch then tests a hook pointer) */
#define OS_CFG_APP_HOOKS_EN 0u

/* ---- tick, time stamps, scheduler -------------------------------------------- */
#define OS_CFG_TICK_EN 1u     /* needed: timeouts and OSTimeDly */
#define OS_CFG_DYN_TICK_EN 0u /* a periodic tick, as the other kernels' examples */
/* fair: no time stamps (production template: off too; on, every post reads
 * CPU_TS_TmrRd - no other kernel of the comparison stamps its objects) */
#define OS_CFG_TS_EN 0u
/* needed: >= 32 priorities, rtbench's 1..30 one to one; the idle task at 31 */
#define OS_CFG_PRIO_MAX 32u
#define OS_CFG_SCHED_LOCK_TIME_MEAS_EN 0u /* fair: no lock-time measurement (template: off) */
/* needed: OSSchedRoundRobinYield is µC/OS-III's only yield; every task gets
 * a quantum that never ends in a run (RTB_UC_SLICE, rtb_uc_port.h) */
#define OS_CFG_SCHED_ROUND_ROBIN_EN 1u
#define OS_CFG_STK_SIZE_MIN 64u /* words: the least stack rtb_thread_create accepts */

/* ---- kernel objects ------------------------------------------------------------ */
#define OS_CFG_FLAG_EN 1u /* needed: rtb_events */
#define OS_CFG_FLAG_DEL_EN 0u
#define OS_CFG_FLAG_MODE_CLR_EN 0u
#define OS_CFG_FLAG_PEND_ABORT_EN 0u
#define OS_CFG_MEM_EN 1u   /* needed: the message queue's partition */
#define OS_CFG_MUTEX_EN 1u /* needed: rtb_mutex, priority inheritance */
#define OS_CFG_MUTEX_DEL_EN 0u
#define OS_CFG_MUTEX_PEND_ABORT_EN 0u
#define OS_CFG_Q_EN 1u /* needed: FIFO, LIFO, stack, message queue */
#define OS_CFG_Q_DEL_EN 0u
#define OS_CFG_Q_FLUSH_EN 0u
#define OS_CFG_Q_PEND_ABORT_EN 0u
#define OS_CFG_SEM_EN 1u /* needed: rtb_sem, join's end signal */
#define OS_CFG_SEM_DEL_EN 0u
#define OS_CFG_SEM_PEND_ABORT_EN 0u
#define OS_CFG_SEM_SET_EN 0u

/* ---- tasks ------------------------------------------------------------------------ */
/* fair: no statistics task (production template: on; it runs every
 * 1/OS_CFG_STAT_TASK_RATE_HZ and would take CPU time from the runs) */
#define OS_CFG_STAT_TASK_EN 0u
#define OS_CFG_STAT_TASK_STK_CHK_EN 0u
#define OS_CFG_TASK_CHANGE_PRIO_EN 1u /* needed: rtb_thread_set_prio */
#define OS_CFG_TASK_DEL_EN 1u         /* needed: abort, join, a task's return */
#define OS_CFG_TASK_IDLE_EN 1u        /* the idle task (the template's default) */
/* fair: no per-task profiling (production template: on; every switch then
 * adds to the task's counters) */
#define OS_CFG_TASK_PROFILE_EN 0u
/* off: no task message queues (the adapter uses OS_Q objects) */
#define OS_CFG_TASK_Q_EN 0u
#define OS_CFG_TASK_Q_PEND_ABORT_EN 0u
#define OS_CFG_TASK_REG_TBL_SIZE 0u
#define OS_CFG_TASK_STK_REDZONE_EN 0u /* fair: no red zone (template: off) */
#define OS_CFG_TASK_STK_REDZONE_DEPTH 8u
#define OS_CFG_TASK_SEM_PEND_ABORT_EN 0u
#define OS_CFG_TASK_SUSPEND_EN 1u /* needed: created suspended, rtb_thread_suspend */
#define OS_CFG_TLS_TBL_SIZE 0u

/* ---- time, timers, trace ------------------------------------------------------------ */
#define OS_CFG_TIME_DLY_HMSM_EN 0u
#define OS_CFG_TIME_DLY_RESUME_EN 0u
/* off: no software timers, and with them no timer task (production: on when
 * the application uses OSTmr*) */
#define OS_CFG_TMR_EN 0u
#define OS_CFG_TMR_DEL_EN 0u
#define OS_CFG_TRACE_EN 0u
#define OS_CFG_TRACE_API_ENTER_EN 0u
#define OS_CFG_TRACE_API_EXIT_EN 0u

#endif /* OS_CFG_H */
