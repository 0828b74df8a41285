# rtbench - configure (first time only) and build one board's Cortex-M images.
# Run by the `cortex-m-images` target (cortex-m-images.cmake) as
#   cmake -DBOARD=<board> -DSRC=<arch/cortex-m> -DBIN=<tree> -DOUT=<dir> -DTOOLCHAIN=<file>
#         [-DEXTRA_TARGET=<target>] [-DWERROR=ON|OFF] -P build_image.cmake
# Later builds only run `cmake --build`, which re-configures by itself when a
# CMakeLists.txt or a globbed source list changed.
foreach(v BOARD SRC BIN OUT TOOLCHAIN)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "build_image.cmake: -D${v}=... missing")
  endif()
endforeach()
# A tree configured from another source folder (an older layout) starts anew.
if(EXISTS ${BIN}/CMakeCache.txt)
  file(STRINGS ${BIN}/CMakeCache.txt _home REGEX "^CMAKE_HOME_DIRECTORY:INTERNAL=")
  if(NOT _home STREQUAL "CMAKE_HOME_DIRECTORY:INTERNAL=${SRC}")
    file(REMOVE_RECURSE ${BIN}/CMakeCache.txt ${BIN}/CMakeFiles)
  endif()
endif()
if(NOT DEFINED WERROR OR WERROR STREQUAL "")
  set(WERROR OFF)
endif()
# configured again when the host build's RTB_WERROR changed
if(EXISTS ${BIN}/CMakeCache.txt)
  file(STRINGS ${BIN}/CMakeCache.txt _werror REGEX "^RTB_WERROR:")
  if(NOT _werror STREQUAL "RTB_WERROR:BOOL=${WERROR}")
    file(REMOVE ${BIN}/CMakeCache.txt)
  endif()
endif()
if(NOT EXISTS ${BIN}/CMakeCache.txt)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SRC} -B ${BIN} -DCMAKE_TOOLCHAIN_FILE=${TOOLCHAIN}
                          -DCMAKE_BUILD_TYPE=Release -DRTB_BOARD=${BOARD} -DRTB_IMAGE_DIR=${OUT}
                          -DRTB_WERROR=${WERROR}
                  OUTPUT_QUIET RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    file(REMOVE ${BIN}/CMakeCache.txt)
    message(FATAL_ERROR "configuring the ${BOARD} images failed")
  endif()
endif()
cmake_host_system_information(RESULT jobs QUERY NUMBER_OF_LOGICAL_CORES)
# -DEXTRA_TARGET=<t>: that target too (one not in `all`: the cycle-model image)
set(_target)
if(EXTRA_TARGET)
  set(_target --target all ${EXTRA_TARGET})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BIN} --parallel ${jobs} ${_target} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the ${BOARD} images failed")
endif()
