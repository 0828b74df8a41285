/*
 * Minimal start-up of the cycle-model validation guests: vector table (16
 * system entries + 32 interrupts), reset (zero .bss, call main), semihosting
 * (SYS_WRITE0, SYS_EXIT) and the four interrupt handlers the exception rows use.
 * Works on ARMv6-M (Cortex-M0) and ARMv7-M/ARMv8-M Mainline.
 */
#include "marks.h"

    .syntax unified
    .thumb

    .section .vectors, "a"
    .align 2
    .global vectors
vectors:
    .word __stack_top
    .word Reset_Handler
    .rept 9
    .word Fault_Handler         /* NMI .. reserved */
    .endr
    .word SVC_Handler           /* 11 */
    .word Fault_Handler
    .word Fault_Handler
    .word Fault_Handler         /* PendSV */
    .word Fault_Handler         /* SysTick */
    .word IRQ0_Handler
    .word IRQ1_Handler
    .word IRQ2_Handler
    .word IRQ3_Handler
    .rept 28
    .word Fault_Handler
    .endr

    .text
    .align 1
    .thumb_func
    .global Reset_Handler
Reset_Handler:
    ldr r0, =__bss_start
    ldr r1, =__bss_end
    movs r2, #0
1:  cmp r0, r1
    bhs 2f
    str r2, [r0]
    adds r0, r0, #4
    b 1b
2:  bl main
    b semihost_exit

/* void semihost_puts(const char *s) */
    .thumb_func
    .global semihost_puts
semihost_puts:
    movs r1, r0
    movs r0, #0x04              /* SYS_WRITE0 */
    bkpt 0xab
    bx lr

/* void semihost_exit(int status): SYS_EXIT, ADP_Stopped_ApplicationExit */
    .thumb_func
    .global semihost_exit
semihost_exit:
    movs r0, #0x18
    ldr r1, =0x20026
    bkpt 0xab
    b .

    .thumb_func
Fault_Handler:
    ldr r0, =fault_msg
    bl semihost_puts
    movs r0, #0x18
    ldr r1, =0x20024            /* ADP_Stopped_InternalError */
    bkpt 0xab
    b .

    .thumb_func
SVC_Handler:
    bx lr

/* Exception rows (micro.S): r7 holds the mark block in thread code and handlers. */
    .thumb_func
IRQ0_Handler:                   /* entry row: the window closes at the first instruction */
    MARK_CLOSE
    bx lr
    .thumb_func
IRQ1_Handler:                   /* exit row: the window opens at the last instruction */
    MARK_OPEN
    bx lr
    .thumb_func
IRQ2_Handler:                   /* tail-chain row, first handler: opens last */
    MARK_OPEN
    bx lr
    .thumb_func
IRQ3_Handler:                   /* tail-chain row, second handler: closes first */
    MARK_CLOSE
    bx lr

    .section .rodata
fault_msg:
    .asciz "cycle-model guest: fault\n"
