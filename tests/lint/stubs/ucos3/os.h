/*
 * Stub of uC/OS-III 3.08.02's os.h (with the uC/CPU 1.32.01 types it pulls
 * in) for cppcheck (tests/lint/check_cppcheck.sh): the types, constants and
 * calls ports/ucos3 uses, with that version's values. Static analysis
 * only; the adapter's build uses the real headers (README.md here).
 */
#ifndef OS_H
#define OS_H

#include <stdint.h>

#define DEF_DISABLED 0u
#define DEF_ENABLED 1u
#define CPU_WORD_SIZE_32 4u
#define CPU_ENDIAN_TYPE_LITTLE 2u

#include "cpu_cfg.h"
#include "os_cfg.h"
#include "os_cfg_app.h"

#define OS_VERSION 30802u

typedef char CPU_CHAR;
typedef uint8_t CPU_BOOLEAN;
typedef uint32_t CPU_STK;
typedef uint32_t CPU_STK_SIZE;
typedef uint32_t CPU_SR;
typedef uint32_t CPU_TS;
typedef uint32_t CPU_INT32U;
typedef uint8_t OS_PRIO;
typedef uint8_t OS_STATE;
typedef uint16_t OS_OPT;
typedef uint32_t OS_TICK;
typedef uint32_t OS_SEM_CTR;
typedef uint32_t OS_FLAGS;
typedef uint16_t OS_MSG_QTY;
typedef uint16_t OS_MSG_SIZE;
typedef uint16_t OS_MEM_QTY;
typedef uint16_t OS_MEM_SIZE;
typedef void (*OS_TASK_PTR)(void *p_arg);

#define OS_TRUE 1u
#define OS_FALSE 0u

typedef enum os_err {
    OS_ERR_NONE = 0u,
    OS_ERR_CREATE_ISR = 12001u,
    OS_ERR_DEL_ISR = 13001u,
    OS_ERR_FLAG_PEND_OPT = 15103u,
    OS_ERR_ILLEGAL_CREATE_RUN_TIME = 18001u,
    OS_ERR_MEM_INVALID_BLKS = 22204u,
    OS_ERR_MEM_INVALID_SIZE = 22209u,
    OS_ERR_MEM_NO_FREE_BLKS = 22210u,
    OS_ERR_MSG_POOL_EMPTY = 22301u,
    OS_ERR_MUTEX_NOT_OWNER = 22401u,
    OS_ERR_MUTEX_OWNER = 22402u,
    OS_ERR_MUTEX_NESTING = 22403u,
    OS_ERR_MUTEX_OVF = 22404u,
    OS_ERR_OBJ_DEL = 24002u,
    OS_ERR_OBJ_PTR_NULL = 24003u,
    OS_ERR_OBJ_TYPE = 24004u,
    OS_ERR_OPT_INVALID = 24101u,
    OS_ERR_OS_NOT_RUNNING = 24201u,
    OS_ERR_PEND_ABORT = 25001u,
    OS_ERR_PEND_ISR = 25006u,
    OS_ERR_PEND_WOULD_BLOCK = 25008u,
    OS_ERR_POST_ISR = 25102u,
    OS_ERR_PRIO_INVALID = 25203u,
    OS_ERR_Q_MAX = 26003u,
    OS_ERR_ROUND_ROBIN_1 = 27002u,
    OS_ERR_SCHED_LOCK_ISR = 28002u,
    OS_ERR_SCHED_LOCKED = 28003u,
    OS_ERR_SEM_OVF = 28101u,
    OS_ERR_STATE_INVALID = 28205u,
    OS_ERR_STK_SIZE_INVALID = 28208u,
    OS_ERR_STK_OVF = 28210u,
    OS_ERR_TASK_CHANGE_PRIO_ISR = 29001u,
    OS_ERR_TASK_CREATE_ISR = 29002u,
    OS_ERR_TASK_DEL_ISR = 29006u,
    OS_ERR_TASK_NOT_SUSPENDED = 29011u,
    OS_ERR_TASK_RESUME_ISR = 29013u,
    OS_ERR_TASK_RESUME_SELF = 29015u,
    OS_ERR_TASK_SUSPEND_ISR = 29021u,
    OS_ERR_TASK_SUSPEND_CTR_OVF = 29024u,
    OS_ERR_TIME_DLY_ISR = 29301u,
    OS_ERR_TIMEOUT = 29401u,
    OS_ERR_YIELD_ISR = 34001u
} OS_ERR;

#define OS_OPT_PEND_FLAG_SET_ALL ((OS_OPT)0x0004u)
#define OS_OPT_PEND_FLAG_SET_ANY ((OS_OPT)0x0008u)
#define OS_OPT_PEND_BLOCKING ((OS_OPT)0x0000u)
#define OS_OPT_PEND_NON_BLOCKING ((OS_OPT)0x8000u)
#define OS_OPT_POST_NONE ((OS_OPT)0x0000u)
#define OS_OPT_POST_FLAG_SET ((OS_OPT)0x0000u)
#define OS_OPT_POST_FLAG_CLR ((OS_OPT)0x0001u)
#define OS_OPT_POST_FIFO ((OS_OPT)0x0000u)
#define OS_OPT_POST_LIFO ((OS_OPT)0x0010u)
#define OS_OPT_POST_1 ((OS_OPT)0x0000u)
#define OS_OPT_TASK_NONE ((OS_OPT)0x0000u)
#define OS_OPT_TIME_DLY ((OS_OPT)0x0000u)
#define OS_TASK_STATE_SUSPENDED ((OS_STATE)4u)
#define OS_TASK_STATE_DEL ((OS_STATE)255u)

typedef struct os_tcb {
    CPU_STK *StkPtr;
    OS_PRIO Prio;
    OS_STATE TaskState;
} OS_TCB;
typedef struct os_sem {
    OS_SEM_CTR Ctr;
} OS_SEM;
typedef struct os_mutex {
    OS_TCB *OwnerTCBPtr;
} OS_MUTEX;
typedef struct os_flag_grp {
    OS_FLAGS Flags;
} OS_FLAG_GRP;
typedef struct os_q {
    OS_MSG_QTY NbrEntries;
} OS_Q;
typedef struct os_mem {
    void *FreeListPtr;
} OS_MEM;

extern OS_TCB *OSTCBCurPtr;

#define CPU_SR_ALLOC() CPU_SR cpu_sr = (CPU_SR)0
CPU_SR CPU_SR_Save(void);
void CPU_SR_Restore(CPU_SR cpu_sr);
#define CPU_CRITICAL_ENTER()                                                                       \
    do {                                                                                           \
        cpu_sr = CPU_SR_Save();                                                                    \
    } while (0)
#define CPU_CRITICAL_EXIT()                                                                        \
    do {                                                                                           \
        CPU_SR_Restore(cpu_sr);                                                                    \
    } while (0)
void CPU_IntDis(void);
void CPU_Init(void);

void OSInit(OS_ERR *p_err);
void OSStart(OS_ERR *p_err);
void OSIntEnter(void);
void OSIntExit(void);
void OSSchedLock(OS_ERR *p_err);
void OSSchedUnlock(OS_ERR *p_err);
void OSSchedRoundRobinCfg(CPU_BOOLEAN en, OS_TICK dflt_time_quanta, OS_ERR *p_err);
void OSSchedRoundRobinYield(OS_ERR *p_err);
void OS_CPU_SysTickInit(CPU_INT32U cnts);
void OSTaskCreate(OS_TCB *p_tcb, CPU_CHAR *p_name, OS_TASK_PTR p_task, void *p_arg, OS_PRIO prio,
                  CPU_STK *p_stk_base, CPU_STK_SIZE stk_limit, CPU_STK_SIZE stk_size,
                  OS_MSG_QTY q_size, OS_TICK time_quanta, void *p_ext, OS_OPT opt, OS_ERR *p_err);
void OSTaskDel(OS_TCB *p_tcb, OS_ERR *p_err);
void OSTaskSuspend(OS_TCB *p_tcb, OS_ERR *p_err);
void OSTaskResume(OS_TCB *p_tcb, OS_ERR *p_err);
void OSTaskChangePrio(OS_TCB *p_tcb, OS_PRIO prio_new, OS_ERR *p_err);
void OSTimeDly(OS_TICK dly, OS_OPT opt, OS_ERR *p_err);
void OSSemCreate(OS_SEM *p_sem, CPU_CHAR *p_name, OS_SEM_CTR cnt, OS_ERR *p_err);
OS_SEM_CTR OSSemPend(OS_SEM *p_sem, OS_TICK timeout, OS_OPT opt, CPU_TS *p_ts, OS_ERR *p_err);
OS_SEM_CTR OSSemPost(OS_SEM *p_sem, OS_OPT opt, OS_ERR *p_err);
void OSMutexCreate(OS_MUTEX *p_mutex, CPU_CHAR *p_name, OS_ERR *p_err);
void OSMutexPend(OS_MUTEX *p_mutex, OS_TICK timeout, OS_OPT opt, CPU_TS *p_ts, OS_ERR *p_err);
void OSMutexPost(OS_MUTEX *p_mutex, OS_OPT opt, OS_ERR *p_err);
void OSFlagCreate(OS_FLAG_GRP *p_grp, CPU_CHAR *p_name, OS_FLAGS flags, OS_ERR *p_err);
OS_FLAGS OSFlagPend(OS_FLAG_GRP *p_grp, OS_FLAGS flags, OS_TICK timeout, OS_OPT opt, CPU_TS *p_ts,
                    OS_ERR *p_err);
OS_FLAGS OSFlagPost(OS_FLAG_GRP *p_grp, OS_FLAGS flags, OS_OPT opt, OS_ERR *p_err);
void OSQCreate(OS_Q *p_q, CPU_CHAR *p_name, OS_MSG_QTY max_qty, OS_ERR *p_err);
void *OSQPend(OS_Q *p_q, OS_TICK timeout, OS_OPT opt, OS_MSG_SIZE *p_msg_size, CPU_TS *p_ts,
              OS_ERR *p_err);
void OSQPost(OS_Q *p_q, void *p_void, OS_MSG_SIZE msg_size, OS_OPT opt, OS_ERR *p_err);
void OSMemCreate(OS_MEM *p_mem, CPU_CHAR *p_name, void *p_addr, OS_MEM_QTY n_blks,
                 OS_MEM_SIZE blk_size, OS_ERR *p_err);
void *OSMemGet(OS_MEM *p_mem, OS_ERR *p_err);
void OSMemPut(OS_MEM *p_mem, void *p_blk, OS_ERR *p_err);

#endif /* OS_H */
