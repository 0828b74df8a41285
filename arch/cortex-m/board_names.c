/*
 * rtbench Cortex-M board facts as functions: the board's and the core's
 * names and the core clock, from board.h and the build's RTB_CM_BOARD_NAME
 * (the board's folder). Compiled by every build of a Cortex-M image: the
 * board support's own start-up (board-support.cmake) and the kernels that
 * own the start-up (ports/zephyr/zephyr.cmake, ports/nuttx/app/apps.cmake).
 */
#include <stdint.h>

#include "board.h"
#include "rtb_cm_board.h"

const char *rtb_cm_board_name(void)
{
    return RTB_CM_BOARD_NAME;
}

const char *rtb_cm_cpu_name(void)
{
    return RTB_CM_CPU_NAME;
}

uint32_t rtb_cm_core_hz(void)
{
    return RTB_CM_CORE_HZ;
}
