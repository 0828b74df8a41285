/*
 * rtbench's Zephyr check application: main() hands over to the adapter,
 * which starts the runner thread (the suite, or the contract probe with
 * CONFIG_RTBENCH_CONTRACT) and returns; the runner ends the program through
 * semihosting with the suite's status.
 */
#include "rtb_zephyr.h"

int main(void)
{
    return rtb_zephyr_start();
}
