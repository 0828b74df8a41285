# CMake toolchain file: bare-metal Arm Cortex-M with Debian's gcc-arm-none-eabi.
#   cmake -S arch/cortex-m -B build/cortex-m/mps2-an385 \
#         -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake -DRTB_BOARD=mps2-an385
# The CPU flags (-mcpu, -mthumb, float ABI) come from the board, not from here.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(RTB_CROSS_PREFIX arm-none-eabi- CACHE STRING "Prefix of the cross tools")
find_program(CMAKE_C_COMPILER ${RTB_CROSS_PREFIX}gcc REQUIRED)
find_program(CMAKE_ASM_COMPILER ${RTB_CROSS_PREFIX}gcc REQUIRED)
find_program(CMAKE_OBJCOPY ${RTB_CROSS_PREFIX}objcopy)
find_program(CMAKE_SIZE ${RTB_CROSS_PREFIX}size)

# The compiler cannot link a hosted test program without a board's linker
# script: check it by building a static library instead.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
