# rtbench RTOS adapters: the library an application links into its firmware
# beside its own kernel target. Included by ports/<kernel>/<kernel>.cmake.
#
#   rtb_adapter_library(<name> BOARD <board> KERNEL <kernel-target>
#                       PORT_DIR <dir> PORT_SOURCES <files...>)
#
# builds an OBJECT library <name> of: the portable core and every benchmark
# family (suite/), the kernel-independent adapter helpers (this folder), the
# adapter's own sources, and the Cortex-M board support of <board>
# (start-up, RAM vector table, UART console, semihosting, NVIC, counters,
# command line, mem*). OBJECT, not STATIC: the start-up code, the vector
# entries and the kernel glue are reached only through the vector table and
# the kernel's own calls, which would not pull them out of an archive.
# Linking <name> also links <kernel-target> and passes the board's linker
# script and the freestanding link options to the executable.
#
# Compiler flags are the application's (CMAKE_C_FLAGS, the same for its
# kernel): the run header reports them as `cflags`.
#
# PROVISIONAL: the board sources are taken from ports/cortex-m until the
# arch/cortex-m + boards/<board> module lands (issue 7).
set(RTB_ADAPTER_DIR ${CMAKE_CURRENT_LIST_DIR})
get_filename_component(RTB_ROOT ${CMAKE_CURRENT_LIST_DIR}/../.. ABSOLUTE)
include(${RTB_ROOT}/target/rtb.cmake)

set(RTB_ADAPTER_BOARDS mps2-an385 mps2-an386 mps2-an500 mps2-an505)
# The kernels call memcpy/memset inside timed operations (FreeRTOS copies
# every queue item with memcpy and clears a new TCB with memset; ThreadX
# clears its control blocks with memset), so those functions are part of
# their figures. ON: the C library's (newlib's, as in a real firmware);
# OFF: the board layer's byte loops (ports/cortex-m/mem.c), which make those
# operations slower than the kernel is.
option(RTB_ADAPTER_LIBC_MEM "Link the C library's memcpy/memset (newlib) instead of the board's byte loops" ON)

function(rtb_adapter_library name)
  cmake_parse_arguments(A "" "BOARD;KERNEL;PORT_DIR" "PORT_SOURCES" ${ARGN})
  if(NOT A_BOARD IN_LIST RTB_ADAPTER_BOARDS)
    message(FATAL_ERROR "rtb_adapter_library: BOARD '${A_BOARD}' is not one of: ${RTB_ADAPTER_BOARDS}")
  endif()
  if(NOT TARGET ${A_KERNEL})
    message(FATAL_ERROR "rtb_adapter_library: KERNEL '${A_KERNEL}' is not a target: add the kernel first")
  endif()
  set(cm ${RTB_ROOT}/ports/cortex-m)
  set(board_dir ${cm}/boards/${A_BOARD})
  set(board_sources
      ${cm}/startup.c ${cm}/uart.c ${cm}/semihost.c ${cm}/nvic.c ${cm}/cmdline.c ${cm}/timer.c
      ${cm}/timer_dwt.c ${cm}/timer_fpgaio.c ${cm}/timer_systick.c)
  if(NOT RTB_ADAPTER_LIBC_MEM)
    list(APPEND board_sources ${cm}/mem.c)
    set_source_files_properties(${cm}/mem.c PROPERTIES COMPILE_OPTIONS -fno-tree-loop-distribute-patterns)
  endif()

  add_library(${name} OBJECT ${RTB_CORE_SOURCES} ${RTB_BENCH_SOURCES} ${board_sources}
              ${RTB_ADAPTER_DIR}/rtb_adapter.c ${RTB_ADAPTER_DIR}/rtb_ad_swirq.c ${A_PORT_SOURCES})
  set_target_properties(${name} PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
  target_include_directories(${name} PUBLIC ${RTB_TARGET_DIR}/include ${A_PORT_DIR} ${RTB_ADAPTER_DIR}
                             ${cm}/include ${board_dir} ${cm}
                             PRIVATE ${RTB_TARGET_DIR}/core)
  string(TOUPPER "${CMAKE_BUILD_TYPE}" _bt)
  string(REPLACE "\"" "" _flags "${CMAKE_C_FLAGS} ${CMAKE_C_FLAGS_${_bt}}")
  string(STRIP "${_flags}" _flags)
  target_compile_definitions(${name} PRIVATE "RTB_CONFIG_CFLAGS=\"${_flags}\"" RTB_CM_SEMIHOSTING=1)
  target_compile_options(${name} PRIVATE -Wall -Wextra -Werror)
  target_link_libraries(${name} PUBLIC ${A_KERNEL})
  target_link_options(${name} INTERFACE -nostdlib -nostartfiles -Wl,--gc-sections
                      -Wl,--no-warn-rwx-segments -L${board_dir} -T${cm}/cortex-m.ld)
  if(RTB_ADAPTER_LIBC_MEM)
    target_link_libraries(${name} INTERFACE c gcc)
  else()
    target_link_libraries(${name} INTERFACE gcc)
  endif()
endfunction()
