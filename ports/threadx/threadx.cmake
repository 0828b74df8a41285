# rtbench over Eclipse ThreadX: include this file from the application's
# CMake, load the board, add ThreadX (its `threadx` target, built with
# THREADX_ARCH/THREADX_TOOLCHAIN for the board's core and TX_USER_FILE), then
#
#   rtb_cm_board(<board>)
#   rtb_threadx_library(<name> [KERNEL threadx] [FAMILIES <family...>])
#   target_link_libraries(<firmware> PRIVATE <name>)
#   rtb_cm_image(<firmware> LIBC_MEM)
#
# <name> is the suite (core + every benchmark family), this adapter and its
# start-up glue (main, _tx_initialize_low_level, SysTick_Handler,
# tx_application_define); rtb_cm_image gives the firmware the board support.
# See docs/ports/threadx.md. tx_user.h comes from the kernel target
# (TX_USER_FILE); config/ holds the example one.
include(${CMAKE_CURRENT_LIST_DIR}/../adapter/adapter.cmake)

rtb_adapter_kernel(threadx DEFAULT_KERNEL threadx
                   PORT_SOURCES port_threadx.c startup_threadx.c rtb_tx_map.c ../common/absent_condvar.c)
