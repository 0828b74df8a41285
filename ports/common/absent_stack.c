/*
 * rtbench - rtb_stack_* for a kernel that has no stack-of-words object.
 *
 * A port whose kernel lacks this object compiles this file instead of
 * writing the calls itself; its rtb_port_has() must answer 0 for RTB_CAP_STACK
 * with the reason, so that the runner prints n/a and never calls these.
 * Every call returns RTB_ERR_NOTSUP.
 */
#include "rtb/port.h"

int rtb_stack_init(rtb_stack_t *s, uintptr_t *buf, unsigned capacity)
{
    (void)s;
    (void)buf;
    (void)capacity;
    return RTB_ERR_NOTSUP;
}

int rtb_stack_push(rtb_stack_t *s, uintptr_t value)
{
    (void)s;
    (void)value;
    return RTB_ERR_NOTSUP;
}

int rtb_stack_pop(rtb_stack_t *s, uintptr_t *value, rtb_timeout_t timeout)
{
    (void)s;
    (void)value;
    (void)timeout;
    return RTB_ERR_NOTSUP;
}
