# rtbench over FreeRTOS: include this file from the application's CMake
# after adding FreeRTOS-Kernel (its freertos_kernel target), then
#
#   rtb_freertos_library(<name> BOARD <board> [KERNEL freertos_kernel])
#   target_link_libraries(<firmware> PRIVATE <name>)
#
# <name> is the suite (core + every benchmark family), this adapter, its
# start-up glue (main, vector routing, the kernel tasks' static memory) and
# the board support; see docs/ports/freertos.md. FreeRTOSConfig.h comes from
# the application's freertos_config target (FreeRTOS-Kernel's convention),
# for kernel and adapter alike; config/ holds the example one.
include(${CMAKE_CURRENT_LIST_DIR}/../adapter/adapter.cmake)

function(rtb_freertos_library name)
  cmake_parse_arguments(A "" "BOARD;KERNEL" "" ${ARGN})
  if(NOT A_KERNEL)
    set(A_KERNEL freertos_kernel)
  endif()
  set(dir ${RTB_ROOT}/ports/freertos)
  rtb_adapter_library(${name} BOARD ${A_BOARD} KERNEL ${A_KERNEL} PORT_DIR ${dir}
                      PORT_SOURCES ${dir}/port_freertos.c ${dir}/startup_freertos.c
                                   ${dir}/rtb_fr_map.c)
endfunction()
