# rtbench over Eclipse ThreadX: include this file from the application's
# CMake after adding ThreadX (its `threadx` target, built with
# THREADX_ARCH/THREADX_TOOLCHAIN for the board's core and TX_USER_FILE), then
#
#   rtb_threadx_library(<name> BOARD <board> [KERNEL threadx])
#   target_link_libraries(<firmware> PRIVATE <name>)
#
# <name> is the suite (core + every benchmark family), this adapter, its
# start-up glue (main, _tx_initialize_low_level, SysTick_Handler,
# tx_application_define) and the board support; see docs/ports/threadx.md.
# tx_user.h comes from the kernel target (TX_USER_FILE); config/ holds the
# example one.
include(${CMAKE_CURRENT_LIST_DIR}/../adapter/adapter.cmake)

function(rtb_threadx_library name)
  cmake_parse_arguments(A "" "BOARD;KERNEL" "" ${ARGN})
  if(NOT A_KERNEL)
    set(A_KERNEL threadx)
  endif()
  set(dir ${RTB_ROOT}/ports/threadx)
  rtb_adapter_library(${name} BOARD ${A_BOARD} KERNEL ${A_KERNEL} PORT_DIR ${dir}
                      PORT_SOURCES ${dir}/port_threadx.c ${dir}/startup_threadx.c
                                   ${dir}/rtb_tx_map.c)
endfunction()
