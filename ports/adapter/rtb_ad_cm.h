/*
 * rtbench RTOS adapters - what every adapter on the Cortex-M board support
 * does the same way, whatever its kernel: the output and exit hooks of the
 * contract, the runner thread's entry and the start-up failure message.
 * An adapter adds rtb_ad_cm.c to its PORT_SOURCES (ports/rtthread does;
 * ports/freertos and ports/threadx still have their own copies).
 */
#ifndef RTB_AD_CM_H
#define RTB_AD_CM_H

/* Entry of the runner's thread: reads the semihosting command line
 * (rtb_cm_cmdline; a bad one exits with RTB_CM_EXIT_USAGE), runs rtb_main()
 * and exits with its status. Does not return. */
void rtb_ad_main_entry(void *arg);

/* "rtbench: <what> failed: <rtb_strerror(err)>" on the console, then exit
 * with RTB_CM_EXIT_FAULT: a start-up step the kernel refused. */
void rtb_ad_fail(const char *what, int err);

#endif /* RTB_AD_CM_H */
