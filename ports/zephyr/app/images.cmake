# rtbench's Zephyr check application from a bare Zephyr tree (no west, no
# SDK): included by CMakeLists.txt when KERNEL_TREE is given. Checks the tree
# and the board, then builds this application once per image with Zephyr's
# own CMake (an ExternalProject each: a Zephyr build is one image), with
# Debian's arm-none-eabi-gcc (ZEPHYR_TOOLCHAIN_VARIANT=gnuarmemb), the
# tree's modules (cmsis_6; hal_nordic for the Nordic boards) and rtbench
# itself as a module. Writes into the build folder, as every check
# application does (ports/adapter/app.cmake):
#   rtbench-zephyr-<board>.elf, or on the micro:bit -A.elf and -B.elf
#   rtbench-zephyr-contract-<board>.elf   the contract probe
#   rtbench-images.txt                    the suite images, in run order
project(rtbench_zephyr_images NONE)
include(ExternalProject)

set(BOARD "" CACHE STRING "The board (ports/zephyr/app/boards.txt)")
get_filename_component(RTB_ROOT ${CMAKE_CURRENT_LIST_DIR}/../../.. ABSOLUTE)
set(RTB_ZEPHYR_VERSION 4.3.0)

# The checks every check application shares (rtb_app_fail, rtb_app_tree,
# rtb_app_board_check), and which images a board gets (rtb_app_image_split).
include(${RTB_ROOT}/ports/adapter/app_checks.cmake)
include(${RTB_ROOT}/ports/adapter/images.cmake)

# The tree: <top>/zephyr (its VERSION file) and the modules beside it.
rtb_app_tree(tree "Zephyr ${RTB_ZEPHYR_VERSION} (zephyr/, cmsis_6/, hal_nordic/), unpacked from zephyr-${RTB_ZEPHYR_VERSION}.tar.xz")
if(NOT EXISTS "${tree}/zephyr/VERSION")
  rtb_app_fail("KERNEL_TREE '${KERNEL_TREE}' is not a Zephyr tree: no zephyr/VERSION in it")
endif()
file(STRINGS "${tree}/zephyr/VERSION" vlines REGEX "^(VERSION_MAJOR|VERSION_MINOR|PATCHLEVEL) *=")
set(found "")
foreach(l ${vlines})
  string(REGEX REPLACE "^[A-Z_]+ *= *([0-9]+).*" "\\1" n "${l}")
  list(APPEND found ${n})
endforeach()
list(JOIN found "." found)
if(NOT found STREQUAL RTB_ZEPHYR_VERSION)
  rtb_app_fail("KERNEL_TREE '${KERNEL_TREE}' is Zephyr ${found}, expected ${RTB_ZEPHYR_VERSION}")
endif()
if(NOT IS_DIRECTORY "${tree}/cmsis_6")
  rtb_app_fail("KERNEL_TREE '${KERNEL_TREE}' has no cmsis_6/ beside zephyr/ (Zephyr's CMSIS 6 module)")
endif()

# The board.
rtb_app_board_check(zephyr)

# The tools: Debian's cross compiler, a Python with the modules Zephyr's
# scripts import, Ninja.
find_program(RTB_ZAPP_GCC arm-none-eabi-gcc)
if(NOT RTB_ZAPP_GCC)
  rtb_app_fail("arm-none-eabi-gcc not found (apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi)")
endif()
get_filename_component(gcc_bin "${RTB_ZAPP_GCC}" DIRECTORY)
get_filename_component(gcc_root "${gcc_bin}" DIRECTORY)
set(RTB_ZAPP_PYTHON "" CACHE FILEPATH "Python 3 for Zephyr's scripts (empty: the first that has their modules)")
if(NOT RTB_ZAPP_PYTHON)
  find_program(py_path python3)
  foreach(py /usr/bin/python3 ${py_path})
    execute_process(COMMAND ${py} -c "import yaml, pykwalify, elftools, packaging, jsonschema"
                    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
    if(rc EQUAL 0)
      set(RTB_ZAPP_PYTHON ${py} CACHE FILEPATH "" FORCE)
      break()
    endif()
  endforeach()
  if(NOT RTB_ZAPP_PYTHON)
    rtb_app_fail("no python3 with Zephyr's script modules (apt-get install python3-yaml python3-pykwalify python3-pyelftools python3-packaging python3-jsonschema python3-dateutil python3-intelhex)")
  endif()
endif()
find_program(RTB_ZAPP_NINJA ninja)
find_program(RTB_ZAPP_DTC dtc)
if(NOT RTB_ZAPP_NINJA OR NOT RTB_ZAPP_DTC)
  rtb_app_fail("ninja or dtc not found (apt-get install ninja-build device-tree-compiler gperf)")
endif()

set(modules ${tree}/cmsis_6)
if(BOARD MATCHES "^(microbit|nrf52840dk)$")
  list(APPEND modules ${tree}/hal_nordic)
endif()
list(APPEND modules ${RTB_ROOT})
list(JOIN modules "|" modules)

# One Zephyr build of this application: image NAME, extra Kconfig values.
function(rtb_zapp_image name)
  set(dir ${CMAKE_BINARY_DIR}/${name})
  ExternalProject_Add(${name}
    SOURCE_DIR ${CMAKE_CURRENT_LIST_DIR}
    BINARY_DIR ${dir}
    LIST_SEPARATOR |
    CMAKE_GENERATOR Ninja
    CMAKE_ARGS -DRTB_ZEPHYR_IMAGE=${name} -DBOARD=${BOARD} -DZEPHYR_BASE=${tree}/zephyr
               -DZEPHYR_MODULES=${modules} -DZEPHYR_TOOLCHAIN_VARIANT=gnuarmemb
               -DGNUARMEMB_TOOLCHAIN_PATH=${gcc_root} -DPython3_EXECUTABLE=${RTB_ZAPP_PYTHON}
               -DZEPHYR_BOARD_ALIASES=${CMAKE_CURRENT_LIST_DIR}/board_aliases.cmake ${ARGN}
    BUILD_ALWAYS ON
    INSTALL_COMMAND ${CMAKE_COMMAND} -E copy ${dir}/zephyr/zephyr.elf ${CMAKE_BINARY_DIR}/${name}.elf
    USES_TERMINAL_CONFIGURE OFF)
endfunction()

# A board whose RAM does not hold the whole suite: the same images A and B
# as for the other kernels (ports/adapter/images.cmake: the micro:bit).
set(base rtbench-zephyr-${BOARD})
rtb_app_image_split(${BOARD} split)
if(split)
  set(images)
  foreach(part ${split})
    list(JOIN split_${part} " " families)
    # a Kconfig string: quoted in the .conf Zephyr writes from -DCONFIG_*
    rtb_zapp_image(${base}-${part} "-DCONFIG_RTBENCH_FAMILIES=\"${families}\"")
    list(APPEND images ${base}-${part})
  endforeach()
else()
  rtb_zapp_image(${base})
  set(images ${base})
endif()
rtb_zapp_image(rtbench-zephyr-contract-${BOARD} -DCONFIG_RTBENCH_CONTRACT=y)
set(list "")
foreach(image ${images})
  string(APPEND list "${CMAKE_BINARY_DIR}/${image}.elf\n")
endforeach()
file(WRITE ${CMAKE_BINARY_DIR}/rtbench-images.txt "${list}")
