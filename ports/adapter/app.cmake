# rtbench - what the kernels' check applications (ports/<kernel>/app/) share:
# the images rtbench's figures of FreeRTOS, ThreadX and RT-Thread come from,
# built from a kernel tree the user names.
#
#   cmake -S <rtbench>/ports/<kernel>/app -B <dir> -DKERNEL_TREE=<tree> -DBOARD=<board>
#   cmake --build <dir>
#
# An application's CMakeLists.txt includes this file before project() (the
# default toolchain must be set before the compilers are looked for), then
#
#   rtb_app_inputs(<kernel> NAME <kernel's name> VERSION <expected>
#                  HEADER <file of the tree> MACROS <version macro...>
#                  TARBALL <archive> [SUBDIRS <folder...>])
#       checks KERNEL_TREE and BOARD before anything is built: one line per
#       problem (the option not given; the tree not that kernel: HEADER
#       missing; another version: the MACROS' values joined by '.'; a board
#       not in the application's boards.txt). Sets RTB_APP_KERNEL_DIR: the
#       tree itself, or the first of SUBDIRS inside it that holds HEADER.
#   project(...)
#   include(<rtbench>/ports/<kernel>/<kernel>.cmake)     the adapter
#   rtb_app_board()
#       rtb_cm_board(${BOARD}); CMAKE_C_FLAGS = the board's CPU flags (the
#       same for kernel and suite: the run header's cflags), then any given
#       with -DCMAKE_C_FLAGS; CMAKE_ASM_FLAGS = the CPU flags for assembler
#   ... the kernel's target, built for the board's core ...
#   rtb_app_images(<kernel> [LIBRARY_DEFINES <definition...>])
#       the adapter library (rtb_<kernel>_library) and the images in the build
#       folder: rtbench-<kernel>-<board>.elf, or on a board of RTB_APP_SPLIT_BOARDS
#       rtbench-<kernel>-<board>-A.elf (every family but Thread-Metric) and -B.elf
#       (Thread-Metric and calib); rtbench-images.txt (the suite images'
#       absolute paths, one per line, in run order); the contract probe
#       rtbench-<kernel>-contract-<board>.elf (tests/adapters/target/contract.c:
#       the adapter checked call by call, ending with "contract: N passed, M
#       failed"). LIBRARY_DEFINES: compile definitions of each adapter library.
#
# Release with -O2 unless told otherwise (-DCMAKE_BUILD_TYPE, -DCMAKE_C_FLAGS_RELEASE).
include_guard(GLOBAL)
get_filename_component(RTB_ROOT ${CMAKE_CURRENT_LIST_DIR}/../.. ABSOLUTE)

if(NOT CMAKE_TOOLCHAIN_FILE)
  set(CMAKE_TOOLCHAIN_FILE ${RTB_ROOT}/cmake/arm-none-eabi.cmake CACHE FILEPATH
      "CMake toolchain file (default: rtbench's arm-none-eabi)")
endif()
if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type (Release: the figures' -O2)" FORCE)
endif()
# Before project(): CMake keeps a cached value instead of its -O3 -DNDEBUG.
set(CMAKE_C_FLAGS_RELEASE "-O2" CACHE STRING "C flags of a Release build (the figures': -O2)")

set(KERNEL_TREE "" CACHE PATH "The kernel tree: the top folder of the unpacked tarball")
set(BOARD "" CACHE STRING "The board (ports/<kernel>/app/boards.txt)")

# Which images a board gets (one, or A and B where RAM is short): images.cmake.
include(${CMAKE_CURRENT_LIST_DIR}/images.cmake)
# The checks of KERNEL_TREE and BOARD and their one-line errors: app_checks.cmake.
include(${CMAKE_CURRENT_LIST_DIR}/app_checks.cmake)

# The version the tree's header says: each macro's value (quotes and an L
# suffix dropped), joined by '.'; empty when a macro is not found.
function(rtb_app_version var header)
  set(parts)
  foreach(m ${ARGN})
    file(STRINGS ${header} def REGEX "^#define[ \t]+${m}[ \t]")
    if(NOT def MATCHES "^#define[ \t]+${m}[ \t]+\"?([A-Za-z0-9.]+)\"?")
      set(${var} "" PARENT_SCOPE)
      return()
    endif()
    string(REGEX REPLACE "^([0-9]+)[uUlL]+$" "\\1" v "${CMAKE_MATCH_1}")
    list(APPEND parts ${v})
  endforeach()
  list(JOIN parts "." version)
  set(${var} "${version}" PARENT_SCOPE)
endfunction()

function(rtb_app_inputs kernel)
  cmake_parse_arguments(A "" "NAME;VERSION;HEADER;TARBALL" "MACROS;SUBDIRS" ${ARGN})
  set(what "${A_NAME} ${A_VERSION}")
  rtb_app_tree(tree "${what}, unpacked from ${A_TARBALL}")
  set(dir "")
  foreach(sub "." ${A_SUBDIRS})
    if(EXISTS "${tree}/${sub}/${A_HEADER}")
      get_filename_component(dir "${tree}/${sub}" ABSOLUTE)
      break()
    endif()
  endforeach()
  if(NOT dir)
    rtb_app_fail("KERNEL_TREE '${KERNEL_TREE}' is not a ${A_NAME} tree: no ${A_HEADER} in it")
  endif()
  rtb_app_version(found "${dir}/${A_HEADER}" ${A_MACROS})
  if(NOT found STREQUAL A_VERSION)
    if(found STREQUAL "")
      set(found "of no version (${A_MACROS} not in ${A_HEADER})")
    endif()
    rtb_app_fail("KERNEL_TREE '${KERNEL_TREE}' is ${A_NAME} ${found}, expected ${A_VERSION}")
  endif()
  rtb_app_board_check(${kernel})
  set(RTB_APP_KERNEL_DIR ${dir} PARENT_SCOPE)
endfunction()

# A macro: rtb_cm_board() sets its variables in the caller's scope.
macro(rtb_app_board)
  rtb_cm_board(${BOARD})
  if(CMAKE_C_FLAGS)
    set(CMAKE_C_FLAGS "${RTB_CM_C_FLAGS} ${CMAKE_C_FLAGS}")
  else()
    set(CMAKE_C_FLAGS "${RTB_CM_C_FLAGS}")
  endif()
  set(CMAKE_ASM_FLAGS "-mcpu=${RTB_BOARD_CPU} -mthumb -mfloat-abi=soft")
endmacro()

# One suite image: the adapter library over the given families (all when
# none) and the executable of that name.
function(rtb_app_image kernel image lib)
  cmake_parse_arguments(A "" "" "FAMILIES;LIBRARY_DEFINES" ${ARGN})
  cmake_language(CALL rtb_${kernel}_library ${lib} FAMILIES ${A_FAMILIES})
  if(A_LIBRARY_DEFINES)
    target_compile_definitions(${lib} PRIVATE ${A_LIBRARY_DEFINES})
  endif()
  add_executable(${image} ${RTB_ROOT}/ports/adapter/app_image.c)
  target_link_libraries(${image} PRIVATE ${lib})
  rtb_cm_image(${image} LIBC_MEM)
endfunction()

function(rtb_app_images kernel)
  cmake_parse_arguments(A "" "" "LIBRARY_DEFINES" ${ARGN})
  set(base rtbench-${kernel}-${BOARD})
  set(lib rtbench_${kernel})
  rtb_app_image_split(${BOARD} split)
  if(split)
    set(images)
    foreach(part ${split})
      string(TOLOWER ${part} p)
      rtb_app_image(${kernel} ${base}-${part} ${lib}_${p} FAMILIES ${split_${part}}
                    LIBRARY_DEFINES ${A_LIBRARY_DEFINES})
      list(APPEND images ${base}-${part})
    endforeach()
    set(probe_lib ${lib}_a)
  else()
    rtb_app_image(${kernel} ${base} ${lib} LIBRARY_DEFINES ${A_LIBRARY_DEFINES})
    set(images ${base})
    set(probe_lib ${lib})
  endif()
  set(list "")
  foreach(image ${images})
    string(APPEND list "$<TARGET_FILE:${image}>\n")
  endforeach()
  file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/rtbench-images.txt CONTENT "${list}")
  # The contract probe: the same adapter library, its runner thread calling
  # the probe (__wrap_rtb_main) instead of the suite, which the linker then
  # drops (--gc-sections).
  set(probe rtbench-${kernel}-contract-${BOARD})
  add_executable(${probe} ${RTB_ROOT}/tests/adapters/target/contract.c)
  target_include_directories(${probe} PRIVATE ${RTB_ROOT}/tests/include)
  target_link_libraries(${probe} PRIVATE ${probe_lib})
  target_link_options(${probe} PRIVATE -Wl,--wrap=rtb_main)
  rtb_cm_image(${probe} LIBC_MEM)
endfunction()
