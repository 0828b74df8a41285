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

function(rtb_rtthread_library name)
  cmake_parse_arguments(A "" "KERNEL" "FAMILIES" ${ARGN})
  if(NOT A_KERNEL)
    set(A_KERNEL rtthread)
  endif()
  set(dir ${RTB_ROOT}/ports/rtthread)
  rtb_adapter_library(${name} KERNEL ${A_KERNEL} PORT_DIR ${dir}
                      PORT_SOURCES ${dir}/port_rtthread.c ${dir}/startup_rtthread.c
                                   ${dir}/rtb_rt_map.c
                                   ${RTB_ROOT}/ports/common/absent_condvar.c
                      DEFINES RTB_CM_SWIRQ_HOOKS=1
                      FAMILIES ${A_FAMILIES})
endfunction()
