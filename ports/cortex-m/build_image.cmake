# rtbench - configure (first time only) and build one board's Cortex-M images.
# Run by the `cortex-m-images` target (images.cmake) as
#   cmake -DBOARD=<board> -DSRC=<ports/cortex-m> -DBIN=<tree> -DOUT=<dir> -DTOOLCHAIN=<file> -P build_image.cmake
# Later builds only run `cmake --build`, which re-configures by itself when a
# CMakeLists.txt or a globbed source list changed.
foreach(v BOARD SRC BIN OUT TOOLCHAIN)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "build_image.cmake: -D${v}=... missing")
  endif()
endforeach()
if(NOT EXISTS ${BIN}/CMakeCache.txt)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SRC} -B ${BIN} -DCMAKE_TOOLCHAIN_FILE=${TOOLCHAIN}
                          -DCMAKE_BUILD_TYPE=Release -DRTB_CM_BOARD=${BOARD} -DRTB_CM_OUTPUT_DIR=${OUT}
                  OUTPUT_QUIET RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    file(REMOVE ${BIN}/CMakeCache.txt)
    message(FATAL_ERROR "configuring the ${BOARD} images failed")
  endif()
endif()
cmake_host_system_information(RESULT jobs QUERY NUMBER_OF_LOGICAL_CORES)
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BIN} --parallel ${jobs} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the ${BOARD} images failed")
endif()
