/*
 * rtbench Zephyr adapter - the one call of an application (ports/zephyr/app).
 */
#ifndef RTB_ZEPHYR_H
#define RTB_ZEPHYR_H

/* From the application's main(): reads the command line, chooses the
 * counter, connects the software interrupt and starts the runner thread
 * (rtb_main() at RTB_PRIO_MAIN, or the contract probe), which ends the
 * program with the suite's status. Returns 0 once the runner is started; a
 * step that failed prints one line and exits. */
int rtb_zephyr_start(void);

#endif /* RTB_ZEPHYR_H */
