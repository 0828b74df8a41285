/*
 * rtbench Cortex-M: the architectural registers the board layer touches
 * (System Control Space, same addresses on ARMv6-M, ARMv7-M and ARMv8-M
 * mainline; STIR, CFSR, HFSR, MMFAR, BFAR, CCR.DIV_0_TRP and the DWT cycle
 * counter exist on ARMv7-M and ARMv8-M mainline only, and ARMv6-M reaches
 * the priority registers by whole words only). Private to arch/cortex-m (and
 * its bring-up image).
 */
#ifndef RTB_CM_REGS_H
#define RTB_CM_REGS_H

#include <stdint.h>

#define RTB_CM_REG(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

#define CM_ICSR RTB_CM_REG(0xE000ED04u)
#define CM_VTOR RTB_CM_REG(0xE000ED08u)
#define CM_CCR RTB_CM_REG(0xE000ED14u)
#define CM_SHPR_BASE 0xE000ED18u /* byte n-4 is the priority of exception n */
#define CM_CFSR RTB_CM_REG(0xE000ED28u)
#define CM_HFSR RTB_CM_REG(0xE000ED2Cu)
#define CM_MMFAR RTB_CM_REG(0xE000ED34u)
#define CM_BFAR RTB_CM_REG(0xE000ED38u)
#define CM_DEMCR RTB_CM_REG(0xE000EDFCu)
#define CM_DEMCR_TRCENA (1u << 24)

#define CM_NVIC_ISER(n) RTB_CM_REG(0xE000E100u + 4u * (n))
#define CM_NVIC_ICER(n) RTB_CM_REG(0xE000E180u + 4u * (n))
#define CM_NVIC_ISPR(n) RTB_CM_REG(0xE000E200u + 4u * (n))
#define CM_NVIC_ICPR(n) RTB_CM_REG(0xE000E280u + 4u * (n))
#define CM_NVIC_IPR_BASE 0xE000E400u
#define CM_NVIC_STIR RTB_CM_REG(0xE000EF00u)

#define CM_SYST_CSR RTB_CM_REG(0xE000E010u)
#define CM_SYST_RVR RTB_CM_REG(0xE000E014u)
#define CM_SYST_CVR RTB_CM_REG(0xE000E018u)

#define CM_DWT_CTRL RTB_CM_REG(0xE0001000u)
#define CM_DWT_CYCCNT_ADDR 0xE0001004u
#define CM_DWT_LAR RTB_CM_REG(0xE0001FB0u)
#define CM_DWT_CTRL_NOCYCCNT (1u << 25)
#define CM_DWT_CTRL_CYCCNTENA 1u

#define CM_CCR_DIV_0_TRP (1u << 4)

static inline void rtb_cm_dsb_isb(void)
{
    __asm__ volatile("dsb 0xf\n\tisb 0xf" ::: "memory");
}

static inline uint32_t rtb_cm_irq_save(void)
{
    uint32_t primask;
    __asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask)::"memory");
    return primask;
}

static inline void rtb_cm_irq_restore(uint32_t primask)
{
    __asm__ volatile("msr primask, %0\n\tisb 0xf" ::"r"(primask) : "memory");
}

#endif /* RTB_CM_REGS_H */
