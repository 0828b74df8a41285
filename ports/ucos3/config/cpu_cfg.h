/*
 * rtbench µC/OS-III adapter - example cpu_cfg.h for µC/CPU 1.32 on the
 * Cortex-M boards: no CPU name, no time stamps, no interrupt-off time
 * measurement (each would add work to every critical section or post), the
 * NVIC priority levels of the MPS2 FPGA images.
 */
#ifndef CPU_CFG_MODULE_PRESENT
#define CPU_CFG_MODULE_PRESENT

#define CPU_CFG_NAME_EN DEF_DISABLED
#define CPU_CFG_NAME_SIZE 16u
#define CPU_CFG_TS_32_EN DEF_DISABLED
#define CPU_CFG_TS_64_EN DEF_DISABLED
#define CPU_CFG_TS_TMR_SIZE CPU_WORD_SIZE_32
/* CPU_CFG_INT_DIS_MEAS_EN not defined: no interrupt-off time measurement
 * (production template: defined; each critical section then reads a timer) */
/* Little-endian Cortex-M; no cache to manage. */
#define CPU_CFG_ENDIAN_TYPE CPU_ENDIAN_TYPE_LITTLE
#define CPU_CFG_CACHE_MGMT_EN DEF_DISABLED

/* ARMv7-M: the kernel's critical sections raise BASEPRI to this level; the
 * tick and the software interrupt run at it (kernel-aware), nothing above
 * it calls the kernel. 3 bits as the MPS2 FPGA images and the FreeRTOS
 * example (configPRIO_BITS 3, configMAX_SYSCALL_INTERRUPT_PRIORITY 5). The
 * ARMv6-M port masks with PRIMASK and reads neither. */
#define CPU_CFG_KA_IPL_BOUNDARY 5u
#define CPU_CFG_NVIC_PRIO_BITS 3u

#endif /* CPU_CFG_MODULE_PRESENT */
