# rtbench - Cortex-M board support as a CMake module: what any kernel on a
# Cortex-M board links unchanged (start-up and vectors, NVIC and the software
# IRQ, semihosting exit and command line, fault reports, the counter layer,
# the memory functions) plus the drivers the board selects.
#
#   include(<rtbench>/arch/cortex-m/board-support.cmake)
#   rtb_cm_board(<board>)     load boards/<board>/board.cmake; sets
#                             RTB_CM_C_FLAGS (-mcpu etc.: the board's CPU flags),
#                             RTB_CM_PROFILE (armv6-m or armv7-m: the folder of
#                             arch/cortex-m with the exception model's code) and
#                             RTB_CM_BOARD_SOURCES / RTB_CM_BOARD_INCLUDES /
#                             RTB_CM_BOARD_DEFINES (the lists, for a build that
#                             wants them as such; the defines include the
#                             board's build options, RTB_BOARD_DEFINES)
#   rtb_cm_image(<target> [LIBC_MEM])
#                             give an executable the board support: sources,
#                             include directories, definitions, the linker script,
#                             .elf in RTB_IMAGE_DIR (default: the build tree); for
#                             a real board (no QEMU machine) also a .hex to flash.
#                             memcpy/memset/memmove/memcmp are mem.c's byte loops
#                             unless LIBC_MEM: then the C library's (newlib; an
#                             application with a kernel that calls them inside
#                             timed operations measures what it ships)
#   RTB_CM_SWIRQ_SOURCE       the contract's software interrupt (swirq.c:
#                             rtb_irq_install, rtb_irq_trigger, rtb_in_isr) for a
#                             kernel whose handlers are ordinary functions; a
#                             port adds it to its own sources
#
# A kernel port's CMakeLists.txt (ports/refk) calls rtb_cm_image() on each
# image it builds; an application linking a kernel adapter (FreeRTOS, ThreadX)
# does the same with its own executable. The sources are compiled by each
# image with its include path, because cmdline.c reads the image's
# rtb_config.h (RTB_CONFIG_MAX_SAMPLES).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/boards.cmake)
set(RTB_CM_DIR ${CMAKE_CURRENT_LIST_DIR})
set(RTB_CM_SWIRQ_SOURCE ${RTB_CM_DIR}/swirq.c)

# 1: exit status and command line through semihosting (QEMU, or a debugger
# that serves it); 0: a board running alone (exit prints "rtbench: exit N" and
# sleeps; the command line is RTB_CM_CMDLINE). Empty: the board's choice
# (RTB_BOARD_SEMIHOSTING in its board.cmake; 1 if it says nothing).
set(RTB_CM_SEMIHOSTING "" CACHE STRING
    "Semihosting for exit and the command line: 1, 0, or empty for the board's default")
# The options of an image without semihosting, built in ("--filter semaphore.*
# --iterations 500"; the same options as QEMU's -append).
set(RTB_CM_CMDLINE "" CACHE STRING "Built-in command line of an image without semihosting")

macro(rtb_cm_board board)
  rtb_board_load(${board})
  if(NOT RTB_BOARD_ARCH STREQUAL "cortex-m")
    message(FATAL_ERROR "board ${board} is ${RTB_BOARD_ARCH}, not cortex-m")
  endif()
  set(RTB_CM_BOARD_NAME ${board})
  # The exception model's code, one folder per architecture profile: ARMv7-M,
  # ARMv7E-M and ARMv8-M Mainline share armv7-m/ (VTOR, STIR, byte-wide
  # priorities, CFSR, DWT); ARMv6-M is armv6-m/ (none of those).
  if(RTB_BOARD_ISA MATCHES "^armv(7e?-m|8-m\\.main)$")
    set(RTB_CM_PROFILE armv7-m)
  elseif(RTB_BOARD_ISA STREQUAL "armv6-m")
    set(RTB_CM_PROFILE armv6-m)
  else()
    message(FATAL_ERROR "board ${board}: arch/cortex-m has no code for ISA ${RTB_BOARD_ISA}")
  endif()
  # Soft-float everywhere: no FPU context to switch.
  set(RTB_CM_C_FLAGS "-mcpu=${RTB_BOARD_CPU} -mthumb -mfloat-abi=soft -ffunction-sections -fdata-sections -ffreestanding")
  file(GLOB _rtb_cm_profile_sources ${RTB_CM_DIR}/${RTB_CM_PROFILE}/*.c)
  set(RTB_CM_BOARD_SOURCES
      ${RTB_CM_DIR}/startup.c ${RTB_CM_DIR}/board_names.c ${RTB_CM_DIR}/semihost.c
      ${RTB_CM_DIR}/nvic.c ${RTB_CM_DIR}/cmdline.c ${RTB_CM_DIR}/timer.c ${RTB_CM_DIR}/timer_systick.c ${RTB_CM_DIR}/console.c
      ${_rtb_cm_profile_sources})
  if(NOT RTB_CM_SEMIHOSTING STREQUAL "")
    set(RTB_CM_SEMIHOSTING_USED ${RTB_CM_SEMIHOSTING})
  elseif(NOT RTB_BOARD_SEMIHOSTING STREQUAL "")
    set(RTB_CM_SEMIHOSTING_USED ${RTB_BOARD_SEMIHOSTING})
  else()
    set(RTB_CM_SEMIHOSTING_USED 1)
  endif()
  # With the board's build options (board.cmake: RTB_BOARD_DEFINES), which a
  # port's rtb_config.h and a kernel's headers keep (#ifndef): a small board
  # sets smaller sample buffers, stacks and heaps.
  set(RTB_CM_BOARD_DEFINES ${RTB_BOARD_DEFINES} "RTB_CM_BOARD_NAME=\"${board}\""
                           RTB_CM_SEMIHOSTING=${RTB_CM_SEMIHOSTING_USED})
  if(NOT RTB_CM_CMDLINE STREQUAL "")
    list(APPEND RTB_CM_BOARD_DEFINES "RTB_CM_CMDLINE=\"${RTB_CM_CMDLINE}\"")
  endif()
  if(RTB_CM_PROFILE STREQUAL "armv7-m")
    list(APPEND RTB_CM_BOARD_DEFINES RTB_CM_HAVE_DWT=1) # armv7-m/timer_dwt.c
  endif()
  foreach(driver ${RTB_BOARD_DRIVERS})
    list(APPEND RTB_CM_BOARD_SOURCES ${RTB_CM_DIR}/drivers/${driver}.c)
    string(TOUPPER "RTB_CM_HAVE_${driver}=1" _def)
    list(APPEND RTB_CM_BOARD_DEFINES ${_def})
  endforeach()
  set(RTB_CM_BOARD_INCLUDES ${RTB_CM_DIR}/include ${RTB_BOARD_DIR} ${RTB_CM_DIR})
endmacro()

function(rtb_cm_image name)
  cmake_parse_arguments(A "LIBC_MEM" "" "" ${ARGN})
  if(NOT RTB_CM_BOARD_NAME)
    message(FATAL_ERROR "rtb_cm_image(${name}): call rtb_cm_board(<board>) first")
  endif()
  if(NOT RTB_IMAGE_DIR)
    set(RTB_IMAGE_DIR ${CMAKE_BINARY_DIR})
  endif()
  target_sources(${name} PRIVATE ${RTB_CM_BOARD_SOURCES})
  if(A_LIBC_MEM)
    # No -nostdlib: the compiler driver puts the C library and libgcc last on
    # the line, after every archive (a kernel's too) that calls them. No start
    # files either way: startup.c is the reset path.
    set(_stdlib "")
  else()
    set(_stdlib -nostdlib)
    target_link_libraries(${name} PRIVATE gcc)
    target_sources(${name} PRIVATE ${RTB_CM_DIR}/mem.c)
    # GCC must not turn mem.c's byte loops back into calls to themselves.
    set_source_files_properties(${RTB_CM_DIR}/mem.c TARGET_DIRECTORY ${name}
                                PROPERTIES COMPILE_OPTIONS -fno-tree-loop-distribute-patterns)
  endif()
  target_include_directories(${name} PRIVATE ${RTB_CM_BOARD_INCLUDES})
  target_compile_definitions(${name} PRIVATE ${RTB_CM_BOARD_DEFINES})
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${RTB_IMAGE_DIR} SUFFIX .elf
                        LINK_DEPENDS "${RTB_CM_DIR}/cortex-m.ld;${RTB_BOARD_DIR}/memory.ld")
  target_link_options(${name} PRIVATE ${_stdlib} -nostartfiles -Wl,--gc-sections
                      -Wl,--no-warn-rwx-segments -L${RTB_BOARD_DIR} -T${RTB_CM_DIR}/cortex-m.ld
                      -Wl,-Map=${CMAKE_CURRENT_BINARY_DIR}/${name}.map)
  # A real board (no QEMU machine) is flashed: an Intel HEX beside the .elf
  # (what nrfjprog, pyOCD, J-Link and OpenOCD take), and its size in the log.
  if(NOT RTB_BOARD_QEMU_MACHINE AND CMAKE_OBJCOPY)
    add_custom_command(TARGET ${name} POST_BUILD
                       COMMAND ${CMAKE_OBJCOPY} -O ihex $<TARGET_FILE:${name}> ${RTB_IMAGE_DIR}/${name}.hex
                       COMMAND ${CMAKE_SIZE} $<TARGET_FILE:${name}>
                       VERBATIM)
  endif()
endfunction()
