# rtbench RTOS adapters: the library an application links into its firmware
# beside its own kernel target. Included by ports/<kernel>/<kernel>.cmake.
#
#   rtb_cm_board(<board>)                        (arch/cortex-m/board-support.cmake)
#   rtb_adapter_library(<name> KERNEL <kernel-target> | DEFAULT_KERNEL <kernel-target>
#                       PORT_DIR <dir> PORT_SOURCES <files...>
#                       [DEFINES <definitions...>] [FAMILIES <family...>])
#
#   rtb_adapter_kernel(<kernel> DEFAULT_KERNEL <kernel-target> PORT_SOURCES <files...>
#                      [DEFINES <definitions...>])
#
# rtb_adapter_kernel() is what ports/<kernel>/<kernel>.cmake calls: it defines
# rtb_<kernel>_library(<name> [KERNEL <target>] [FAMILIES <family...>]), an
# rtb_adapter_library() of ports/<kernel>/ with those sources (relative to it)
# and DEFAULT_KERNEL the target used when KERNEL is not given.
#   ... add_executable(<firmware> ...), target_link_libraries(<firmware> PRIVATE <name>)
#   rtb_cm_image(<firmware> LIBC_MEM)
#
# <name> is an OBJECT library of the portable core and every benchmark family
# (suite/), the adapter core (this folder: rtb_core.c, the shared rules of the
# contract over the hooks of <PORT_DIR>/rtb_kernel.h), the kernel-independent
# adapter helpers (rtb_adapter.c, and rtb_ad_cm.c: console, exit, the runner
# thread's entry), the
# contract's software interrupt of the board support (swirq.c) and the
# adapter's own sources. OBJECT, not STATIC: the start-up glue and the vector
# entries are reached only through the vector table and the kernel's own
# calls, which would not pull them out of an archive. Linking <name> links
# <kernel-target> too. The board support itself (start-up, vectors, console,
# semihosting, NVIC, counters, command line) is what rtb_cm_image() gives the
# firmware, as it gives every rtbench image: one copy, arch/cortex-m.
#
# LIBC_MEM: both kernels call memcpy/memset inside timed operations (FreeRTOS
# copies every queue item with memcpy and clears a new TCB with memset;
# ThreadX clears its control blocks with memset), so those functions are part
# of their figures. An application measures the ones it ships: its C
# library's (newlib's in the check applications), not the board layer's byte
# loops (arch/cortex-m/mem.c, which rtbench's own kernel never calls in a
# timed window).
#
# Compiler flags are the application's (CMAKE_C_FLAGS, the same for its
# kernel; RTB_CM_C_FLAGS holds the board's CPU flags): the run header reports
# them as `cflags`.
get_filename_component(RTB_ROOT ${CMAKE_CURRENT_LIST_DIR}/../.. ABSOLUTE)
set(RTB_ADAPTER_DIR ${CMAKE_CURRENT_LIST_DIR})
include(${RTB_ROOT}/arch/cortex-m/board-support.cmake)
include(${RTB_ROOT}/suite/rtb.cmake)

function(rtb_adapter_library name)
  cmake_parse_arguments(A "" "KERNEL;DEFAULT_KERNEL;PORT_DIR" "PORT_SOURCES;DEFINES;FAMILIES" ${ARGN})
  if(NOT A_KERNEL)
    set(A_KERNEL ${A_DEFAULT_KERNEL})
  endif()
  set(sources)
  foreach(src ${A_PORT_SOURCES})
    if(NOT IS_ABSOLUTE ${src})
      set(src ${A_PORT_DIR}/${src})
    endif()
    list(APPEND sources ${src})
  endforeach()
  if(NOT RTB_CM_BOARD_NAME)
    message(FATAL_ERROR "rtb_adapter_library(${name}): call rtb_cm_board(<board>) first")
  endif()
  if(NOT TARGET ${A_KERNEL})
    message(FATAL_ERROR "rtb_adapter_library(${name}): KERNEL '${A_KERNEL}' is not a target: add the kernel first")
  endif()
  if(NOT EXISTS ${A_PORT_DIR}/rtb_kernel.h)
    message(FATAL_ERROR "rtb_adapter_library(${name}): ${A_PORT_DIR}/rtb_kernel.h is missing: the kernel's hooks of the adapter core (ports/adapter/rtb_core.h)")
  endif()
  rtb_add_suite(${name} OBJECT PORT_INCLUDES ${A_PORT_DIR} ${RTB_ADAPTER_DIR} ${RTB_CM_BOARD_INCLUDES}
                PORT_SOURCES ${RTB_ADAPTER_DIR}/rtb_adapter.c ${RTB_ADAPTER_DIR}/rtb_ad_cm.c ${RTB_ADAPTER_DIR}/rtb_core.c
                             ${RTB_CM_SWIRQ_SOURCE} ${sources}
                DEFINES ${RTB_CM_BOARD_DEFINES} ${A_DEFINES} FAMILIES ${A_FAMILIES})
  target_compile_options(${name} PRIVATE -Wall -Wextra $<$<BOOL:${RTB_WERROR}>:-Werror>)
  target_link_libraries(${name} PUBLIC ${A_KERNEL})
endfunction()

function(rtb_adapter_kernel kernel)
  set_property(GLOBAL PROPERTY RTB_ADAPTER_ARGS_${kernel} ${ARGN})
  cmake_language(EVAL CODE "
    function(rtb_${kernel}_library name)
      get_property(args GLOBAL PROPERTY RTB_ADAPTER_ARGS_${kernel})
      rtb_adapter_library(\${name} PORT_DIR ${RTB_ROOT}/ports/${kernel} \${args} \${ARGN})
    endfunction()")
endfunction()
