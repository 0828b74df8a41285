# rtb_add_suite(NAME [LIBRARY|OBJECT] PORT_INCLUDES dir... PORT_SOURCES file... [DEFINES ...]
#               [FAMILIES family...])
# Builds the portable core, the catalog and every benchmark family together
# with one port: an executable, a static LIBRARY, or an OBJECT library (for a
# port whose start-up code and vector entries nothing references by name, as
# the RTOS adapters' in an application's firmware). The port is chosen only by the sources and include
# directories passed here: the core has no per-kernel conditionals.
# FAMILIES (an executable or OBJECT only): only these of suite/bench/<family>.c
# (e.g. `thread sem calib`; rhealstone also needs sem and osek); every other
# benchmark of the catalog is built as an n/a, "not built into this image"
# (suite/bench/absent/not_built.c), so a board whose RAM does not hold the
# whole suite runs it in more than one image, every id in one of them.
set(RTB_SUITE_DIR ${CMAKE_CURRENT_LIST_DIR})
file(GLOB RTB_CORE_SOURCES CONFIGURE_DEPENDS ${RTB_SUITE_DIR}/core/*.c)
file(GLOB RTB_BENCH_SOURCES CONFIGURE_DEPENDS ${RTB_SUITE_DIR}/bench/*.c)

function(rtb_add_suite name)
  cmake_parse_arguments(A "LIBRARY;OBJECT" "" "PORT_INCLUDES;PORT_SOURCES;DEFINES;FAMILIES" ${ARGN})
  set(_bench ${RTB_BENCH_SOURCES})
  if(A_FAMILIES)
    if(A_LIBRARY)
      # in an archive the weak n/a definitions would stand in for the families
      message(FATAL_ERROR "rtb_add_suite(${name}): FAMILIES needs an executable or OBJECT")
    endif()
    set(_bench ${RTB_SUITE_DIR}/bench/absent/not_built.c)
    foreach(f ${A_FAMILIES})
      if(NOT EXISTS ${RTB_SUITE_DIR}/bench/${f}.c)
        message(FATAL_ERROR "rtb_add_suite(${name}): no benchmark family '${f}' (suite/bench/${f}.c)")
      endif()
      list(APPEND _bench ${RTB_SUITE_DIR}/bench/${f}.c)
    endforeach()
  endif()
  if(A_LIBRARY)
    add_library(${name} STATIC ${RTB_CORE_SOURCES} ${_bench} ${A_PORT_SOURCES})
  elseif(A_OBJECT)
    add_library(${name} OBJECT ${RTB_CORE_SOURCES} ${_bench} ${A_PORT_SOURCES})
  else()
    add_executable(${name} ${RTB_CORE_SOURCES} ${_bench} ${A_PORT_SOURCES})
  endif()
  set_target_properties(${name} PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
  target_include_directories(${name} PUBLIC ${RTB_SUITE_DIR}/include ${A_PORT_INCLUDES}
                             PRIVATE ${RTB_SUITE_DIR}/core)
  string(TOUPPER "${CMAKE_BUILD_TYPE}" _bt)
  string(REPLACE "\"" "" _flags "${CMAKE_C_FLAGS} ${CMAKE_C_FLAGS_${_bt}}")
  string(STRIP "${_flags}" _flags)
  target_compile_definitions(${name} PRIVATE "RTB_CONFIG_CFLAGS=\"${_flags}\"" ${A_DEFINES})
  # A macro tested by #if that no header or build defines is an error (not a
  # silent 0); not part of RTB_CONFIG_CFLAGS, it changes no code.
  target_compile_options(${name} PRIVATE -Wundef)
endfunction()
