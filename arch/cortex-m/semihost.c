/*
 * rtbench Cortex-M semihosting: exit with a status and read the command
 * line. QEMU implements it with -semihosting-config enable=on,target=native;
 * on a real board a debugger must serve the BKPT 0xAB calls, or the image
 * is built with RTB_CM_SEMIHOSTING=0: then the command line is the one built
 * in (RTB_CM_CMDLINE, empty by default) and exit prints "rtbench: exit N"
 * and sleeps.
 */
#include <stdint.h>

#include "rtb_cm_board.h"
#include "semihost.h"

#ifndef RTB_CM_SEMIHOSTING
#define RTB_CM_SEMIHOSTING 1
#endif

#define SYS_GET_CMDLINE 0x15
#define SYS_EXIT 0x18
#define SYS_EXIT_EXTENDED 0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

#if !RTB_CM_SEMIHOSTING
/* The built-in command line (cmake -DRTB_CM_CMDLINE="..."): cmdline.c reads
 * at most 511 bytes, so a longer one does not compile. */
#ifndef RTB_CM_CMDLINE
#define RTB_CM_CMDLINE ""
#endif
typedef char rtb_cm_cmdline_fits[sizeof RTB_CM_CMDLINE <= 512u ? 1 : -1];
#endif

#if RTB_CM_SEMIHOSTING
static int semihost_call(int op, void *arg)
{
    register int r0 __asm__("r0") = op;
    register void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}
#endif

int rtb_cm_semihost_cmdline(char *buf, uint32_t cap)
{
#if RTB_CM_SEMIHOSTING
    uint32_t block[2];
    if (cap < 2)
        return -1;
    block[0] = (uint32_t)(uintptr_t)buf;
    block[1] = cap;
    if (semihost_call(SYS_GET_CMDLINE, block) != 0)
        return -1;
    if (block[1] >= cap)
        return -1;
    buf[block[1]] = '\0';
    return (int)block[1];
#else
    static const char built_in[] = RTB_CM_CMDLINE;
    uint32_t i;
    if (sizeof built_in > cap)
        return -1;
    for (i = 0; i < sizeof built_in; i++)
        buf[i] = built_in[i];
    return (int)(sizeof built_in - 1);
#endif
}

void rtb_cm_exit(int status)
{
    uint32_t code = (uint32_t)status & 0xffu;
    if (status != 0 && code == 0)
        code = 1;
    __asm__ volatile("cpsid i" ::: "memory");
#if RTB_CM_SEMIHOSTING
    {
        uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, code};
        semihost_call(SYS_EXIT_EXTENDED, block);
        /* A host without SYS_EXIT_EXTENDED: plain exit (status lost if non-zero). */
        semihost_call(SYS_EXIT, (void *)(uintptr_t)ADP_STOPPED_APPLICATION_EXIT);
    }
#else
    {
        char line[] = "rtbench: exit 000\n";
        line[14] = (char)('0' + code / 100u);
        line[15] = (char)('0' + code / 10u % 10u);
        line[16] = (char)('0' + code % 10u);
        rtb_cm_console_write(line, sizeof line - 1);
    }
#endif
    for (;;)
        __asm__ volatile("wfi");
}
