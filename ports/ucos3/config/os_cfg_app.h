/*
 * rtbench µC/OS-III adapter - example os_cfg_app.h: the sizes of the
 * kernel's own stacks and pools, and the tick (see os_cfg.h).
 */
#ifndef OS_CFG_APP_H
#define OS_CFG_APP_H

/* The interrupt stack, in CPU_STK words: OSStartHighRdy moves MSP here, so
 * every handler (the tick, the software interrupt's handler and its calls,
 * the board's fault report) runs on it. A board with little RAM passes a
 * smaller value (ports/ucos3/app/CMakeLists.txt). */
#ifndef OS_CFG_ISR_STK_SIZE
#define OS_CFG_ISR_STK_SIZE 256u
#endif
/* OS_MSG links shared by every OS_Q: the FIFO, LIFO, stack and message
 * queues of a benchmark draw on it (an empty pool: RTB_ERR_NOMEM). */
#ifndef OS_CFG_MSG_POOL_SIZE
#define OS_CFG_MSG_POOL_SIZE 64u
#endif
#define OS_CFG_TASK_STK_LIMIT_PCT_EMPTY 10u
#ifndef OS_CFG_IDLE_TASK_STK_SIZE
#define OS_CFG_IDLE_TASK_STK_SIZE 64u
#endif
/* Unused (OS_CFG_STAT_TASK_EN and OS_CFG_TMR_EN 0), named because os.h
 * reads them. */
#define OS_CFG_STAT_TASK_PRIO ((OS_PRIO)(OS_CFG_PRIO_MAX - 2u))
#define OS_CFG_STAT_TASK_RATE_HZ 10u
#define OS_CFG_STAT_TASK_STK_SIZE 100u
/* The tick of every kernel in the comparison (FreeRTOS configTICK_RATE_HZ,
 * ThreadX TX_TIMER_TICKS_PER_SECOND); µC/OS-III's template has 1000. */
#define OS_CFG_TICK_RATE_HZ 100u
#define OS_CFG_TMR_TASK_PRIO ((OS_PRIO)(OS_CFG_PRIO_MAX - 3u))
#define OS_CFG_TMR_TASK_STK_SIZE 128u
#define OS_CFG_TMR_TASK_RATE_HZ 10u

#endif /* OS_CFG_APP_H */
