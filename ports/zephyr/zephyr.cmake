# rtbench over Zephyr: the library the module (ports/zephyr/CMakeLists.txt)
# adds to a Zephyr application built with CONFIG_RTBENCH=y.
#
#   rtb_zephyr_library()
#       zephyr_library `rtbench`: the portable core, the benchmark families
#       (CONFIG_RTBENCH_FAMILIES, every one when empty), the adapter
#       (port_zephyr.c and its core hooks rtb_kernel.h, startup_zephyr.c, the
#       adapter core ../adapter/rtb_core.c, rtb_adapter.c and rtb_ad_cm.c)
#       and, from arch/cortex-m, what a kernel that owns the vectors, the
#       start-up, SysTick and the UART leaves to rtbench: the
#       counter layer (timer.c, the profile's DWT probe or host-timed test,
#       the board's counter drivers, timer_systick_owned.c's refusal of
#       SysTick), the board's names (board_names.c), the semihosting exit and
#       command line, the console's string helper. With CONFIG_RTBENCH_CONTRACT the contract
#       probe (tests/adapters/target/contract.c) replaces rtb_main.
#
# The board is rtbench's boards/<CONFIG_RTBENCH_BOARD>: its board.h (the
# counter's address, the software-interrupt line, the names), its
# RTB_BOARD_DEFINES (the small board's sample and stack sizes).
include_guard(GLOBAL)

# The board drivers that are counters; the other drivers of a board (its
# UART, its clock start-up) are Zephyr's business.
set(RTB_ZEPHYR_COUNTER_DRIVERS fpgaio_counter nrf51_timer)

function(rtb_zephyr_fail text)
  message(FATAL_ERROR " rtbench: ${text}")
endfunction()

# The run header's `cflags`: the flags the suite and the kernel were both
# compiled with that decide their code (the core, the optimisation level).
function(rtb_zephyr_cflags var)
  if(CONFIG_SPEED_OPTIMIZATIONS)
    set(opt "-O2")
  elseif(CONFIG_SIZE_OPTIMIZATIONS)
    set(opt "-Os")
  elseif(CONFIG_DEBUG_OPTIMIZATIONS)
    set(opt "-Og")
  elseif(CONFIG_NO_OPTIMIZATIONS)
    set(opt "-O0")
  else()
    set(opt "-O?")
  endif()
  set(${var} "-mcpu=${GCC_M_CPU} -mthumb ${opt} (Zephyr's flags)" PARENT_SCOPE)
endfunction()

function(rtb_zephyr_library)
  set(board ${CONFIG_RTBENCH_BOARD})
  if(board STREQUAL "")
    rtb_zephyr_fail("Zephyr board '${BOARD}' is not one rtbench knows: set CONFIG_RTBENCH_BOARD to a folder of ${RTB_ROOT}/boards")
  endif()
  if(NOT EXISTS ${RTB_ROOT}/boards/${board}/board.cmake)
    rtb_board_list(all)
    rtb_zephyr_fail("CONFIG_RTBENCH_BOARD '${board}' is not an rtbench board (boards: ${all})")
  endif()
  rtb_board_load(${board})
  set(cm ${RTB_ROOT}/arch/cortex-m)
  set(dir ${RTB_ROOT}/ports/zephyr)
  set(ad ${RTB_ROOT}/ports/adapter)
  set(defs ${RTB_BOARD_DEFINES} "RTB_CM_BOARD_NAME=\"${board}\"" "RTB_CM_SYSTICK_OWNER=\"Zephyr\"")
  if(RTB_BOARD_SEMIHOSTING STREQUAL "0")
    list(APPEND defs RTB_CM_SEMIHOSTING=0)
  else()
    list(APPEND defs RTB_CM_SEMIHOSTING=1)
  endif()
  set(sources ${cm}/timer.c ${cm}/semihost.c ${cm}/cmdline.c ${cm}/console.c ${cm}/swirq.c)
  if(RTB_BOARD_ISA MATCHES "^armv(7e?-m|8-m\\.main)$")
    list(APPEND sources ${cm}/armv7-m/timer_dwt.c)
    list(APPEND defs RTB_CM_HAVE_DWT=1)
  elseif(RTB_BOARD_ISA STREQUAL "armv6-m")
    list(APPEND sources ${cm}/armv6-m/timer_v6m.c)
  else()
    rtb_zephyr_fail("board ${board}: arch/cortex-m has no counter code for ISA ${RTB_BOARD_ISA}")
  endif()
  foreach(driver ${RTB_BOARD_DRIVERS})
    if(driver IN_LIST RTB_ZEPHYR_COUNTER_DRIVERS)
      list(APPEND sources ${cm}/drivers/${driver}.c)
      string(TOUPPER "RTB_CM_HAVE_${driver}=1" def)
      list(APPEND defs ${def})
    endif()
  endforeach()
  if("nrf51_timer" IN_LIST RTB_BOARD_DRIVERS)
    # the TIMER the system timer leaves free (Kconfig: RTBENCH_NRF51_COUNTER_TIMER)
    list(APPEND defs RTB_CM_NRF51_COUNTER_TIMER=${CONFIG_RTBENCH_NRF51_COUNTER_TIMER})
  endif()

  set(bench ${RTB_BENCH_SOURCES})
  if(NOT CONFIG_RTBENCH_FAMILIES STREQUAL "")
    string(REPLACE " " ";" families "${CONFIG_RTBENCH_FAMILIES}")
    set(bench ${RTB_SUITE_DIR}/bench/absent/not_built.c)
    foreach(f ${families})
      if(NOT EXISTS ${RTB_SUITE_DIR}/bench/${f}.c)
        rtb_zephyr_fail("CONFIG_RTBENCH_FAMILIES: no benchmark family '${f}' (suite/bench/${f}.c)")
      endif()
      list(APPEND bench ${RTB_SUITE_DIR}/bench/${f}.c)
    endforeach()
  endif()

  zephyr_library_named(rtbench)
  zephyr_library_sources(${RTB_CORE_SOURCES} ${bench} ${sources}
                         ${ad}/rtb_adapter.c ${ad}/rtb_ad_cm.c ${ad}/rtb_core.c
                         ${dir}/port_zephyr.c ${dir}/startup_zephyr.c
                         ${cm}/board_names.c ${cm}/timer_systick_owned.c)
  zephyr_include_directories(${RTB_SUITE_DIR}/include ${dir} ${ad} ${cm}/include ${RTB_BOARD_DIR} ${cm})
  zephyr_library_include_directories(${RTB_SUITE_DIR}/core)
  rtb_zephyr_cflags(cflags)
  zephyr_library_compile_definitions(${defs} "RTB_CONFIG_CFLAGS=\"${cflags}\"")
  # Not -Wundef, as the suite's other builds: Zephyr's CMSIS glue tests
  # CONFIG_ symbols that Kconfig leaves undefined (cmsis_core_m_defaults.h).
  zephyr_library_compile_options(-Wall -Wextra $<$<BOOL:${RTB_WERROR}>:-Werror>)
  if(CONFIG_RTBENCH_CONTRACT)
    zephyr_library_sources(${RTB_ROOT}/tests/adapters/target/contract.c)
    zephyr_library_include_directories(${RTB_ROOT}/tests/include)
    zephyr_link_libraries(-Wl,--wrap=rtb_main)
  endif()
endfunction()
