/* cppcheck stub of RT-Thread's rthw.h (see ../README.md). */
#ifndef RTB_STUB_RTHW_H
#define RTB_STUB_RTHW_H
#include "rtthread.h"
rt_base_t rt_hw_interrupt_disable(void);
void rt_hw_interrupt_enable(rt_base_t level);
#endif
