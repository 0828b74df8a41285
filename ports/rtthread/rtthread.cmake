# rtbench over RT-Thread: include this file from the application's CMake,
# load the board, add the application's RT-Thread kernel target (RT-Thread
# Nano has no CMake of its own: the kernel's src/*.c and the libcpu port of
# the board's core, with the include directories of rtthread.h and of the
# application's rtconfig.h PUBLIC), then
#
#   rtb_cm_board(<board>)
#   rtb_rtthread_library(<name> [KERNEL rtthread] [FAMILIES <family...>])
#   target_link_libraries(<firmware> PRIVATE <name>)
#   rtb_cm_image(<firmware> LIBC_MEM)
#
# <name> is the suite (core + every benchmark family), this adapter and its
# start-up glue (main, SysTick_Handler, the software interrupt's
# rt_interrupt_enter/leave); rtb_cm_image gives the firmware the board
# support. See docs/ports/rtthread.md; config/ holds the example rtconfig.h.
include(${CMAKE_CURRENT_LIST_DIR}/../adapter/adapter.cmake)

rtb_adapter_kernel(rtthread DEFAULT_KERNEL rtthread
                   PORT_SOURCES port_rtthread.c startup_rtthread.c rtb_rt_map.c ../common/absent_condvar.c
                   DEFINES RTB_CM_SWIRQ_HOOKS=1)
