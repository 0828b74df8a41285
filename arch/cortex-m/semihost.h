/* rtbench Cortex-M: semihosting helpers private to arch/cortex-m. */
#ifndef RTB_CM_SEMIHOST_H
#define RTB_CM_SEMIHOST_H

#include <stdint.h>

/* Copy the command line into buf (NUL-terminated); its length, or -1. */
int rtb_cm_semihost_cmdline(char *buf, uint32_t cap);

#endif
