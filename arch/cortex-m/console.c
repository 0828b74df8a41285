/*
 * rtbench Cortex-M console: what every board's console driver shares (the
 * driver, drivers/<uart>.c, provides rtb_cm_console_init and
 * rtb_cm_console_write).
 */
#include <stddef.h>

#include "rtb_cm_board.h"

void rtb_cm_console_puts(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    rtb_cm_console_write(s, n);
}
