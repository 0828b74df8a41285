/*
 * rtbench Cortex-M: the interface between the start-up code common to every
 * architecture profile (startup.c) and the profile's exception model
 * (armv7-m/exceptions.c, armv6-m/exceptions.c: the vector table, the
 * HardFault entry, the fault status registers, the NVIC pend and priority
 * registers). Private to arch/cortex-m.
 */
#ifndef RTB_CM_EXC_H
#define RTB_CM_EXC_H

#include <stdint.h>

typedef void (*rtb_cm_vector_t)(void);

extern uint32_t __stack_top[], __stack_bottom[];

/* The entries every profile's vector table names (startup.c defines them,
 * or aliases them weakly to the default handler). */
void Reset_Handler(void);
void NMI_Handler(void);
void HardFault_Handler(void);
void rtb_cm_default_handler(void);

/* The profile: after .data and .bss are set up, before the console and
 * main(): the vector table (and VTOR where the core has one), traps, the main
 * stack limit where the core has one. */
void rtb_cm_exceptions_init(void);

/* HardFault_Handler (the profile's, naked) moves to this stack and calls
 * rtb_cm_fault_report with the stacked frame and EXC_RETURN. Its size in
 * bytes, a multiple of 8: the deepest report measured by painting (the
 * faultrecord test's fault, the F record included) was 300 bytes on
 * mps2-an385, an500 and an505 and 384 on microbit (ARMv6-M, its UART console); a board short of RAM
 * may set less in its RTB_BOARD_DEFINES. */
#ifndef RTB_CM_FAULT_STACK_BYTES
#define RTB_CM_FAULT_STACK_BYTES 768u
#endif
#if RTB_CM_FAULT_STACK_BYTES % 8u != 0u || RTB_CM_FAULT_STACK_BYTES < 256u
#error "RTB_CM_FAULT_STACK_BYTES must be a multiple of 8, at least 256"
#endif
#define RTB_CM_FAULT_STACK_WORDS (RTB_CM_FAULT_STACK_BYTES / 8u)
extern uint64_t rtb_cm_fault_stack[RTB_CM_FAULT_STACK_WORDS];
void rtb_cm_fault_report(const uint32_t *frame, uint32_t exc_return);
/* The profile's part of the report: the names (keys) and values of its
 * fault status and address registers, at most RTB_CM_FAULT_STATUS_MAX; their
 * number. *overflow is set when they say the fault was a stack overflow. */
#define RTB_CM_FAULT_STATUS_MAX 4
/* The longest key, the stacked registers' and the profile's. */
#define RTB_CM_FAULT_KEY_MAX 8
unsigned rtb_cm_fault_status(const char **keys, uint32_t *values, int *overflow);
/* "0x" and 8 hex digits at p; returns the end. */
char *rtb_cm_fmt_hex(char *p, uint32_t v);

#endif /* RTB_CM_EXC_H */
