/*
 * rtbench µC/OS-III adapter - example lib_cfg.h for µC/LIB 1.39, which
 * µC/CPU's headers include: no µC/LIB heap, no assembly memory functions
 * (the kernel calls none of them; the adapter uses the C library's).
 */
#ifndef LIB_CFG_MODULE_PRESENT
#define LIB_CFG_MODULE_PRESENT

#define LIB_MEM_CFG_ARG_CHK_EXT_EN DEF_DISABLED
#define LIB_MEM_CFG_OPTIMIZE_ASM_EN DEF_DISABLED
#define LIB_MEM_CFG_DBG_INFO_EN DEF_DISABLED
#define LIB_MEM_CFG_HEAP_SIZE 0u
#define LIB_STR_CFG_FP_EN DEF_DISABLED

#endif /* LIB_CFG_MODULE_PRESENT */
