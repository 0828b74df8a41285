# rtbench - the Cortex-M images, cross-built from the host build.
# Included by the top-level CMakeLists.txt. Defines the custom target
# `cortex-m-images`, which configures and builds arch/cortex-m once per board
# of boards/ whose RTB_BOARD_ARCH is cortex-m, with the arm-none-eabi toolchain into ${CMAKE_BINARY_DIR}/cortex-m/<board>/
# (configured the first time only: build_image.cmake) and puts the images in
# ${CMAKE_BINARY_DIR}/cortex-m/:
#   rtbench-bringup-<board>.elf, and each kernel port's images (ports/refk:
#   rtbench-<board>.elf, rtbench-refk-tests-<board>.elf)
# Not part of `all`: `make cortex-m`, the QEMU tests (tests/qemu) and
# `rtbench run --target qemu:<board>` build it when needed. With --cycle-model,
# `rtbench run` builds cortex-m-cycle-image-<board> instead: that board's images
# and rtbench-<board>-cm.elf, the suite with the cycle model's marks.
include(${CMAKE_CURRENT_LIST_DIR}/boards.cmake)
rtb_board_list(_boards)
set(RTB_CM_IMAGE_BOARDS)
foreach(board ${_boards})
  rtb_board_load(${board})
  if(RTB_BOARD_ARCH STREQUAL "cortex-m")
    list(APPEND RTB_CM_IMAGE_BOARDS ${board})
  endif()
endforeach()
set(RTB_CM_IMAGE_DIR ${CMAKE_BINARY_DIR}/cortex-m)
find_program(RTB_ARM_GCC arm-none-eabi-gcc)

# The command that builds BOARD's images (build_image.cmake), appended to the
# list OUT; EXTRA: one more target of its tree (its cycle-model image), or "".
function(rtb_image_command out board extra)
  set(_extra)
  if(extra)
    set(_extra -DEXTRA_TARGET=${extra})
  endif()
  set(${out} ${${out}}
      COMMAND ${CMAKE_COMMAND} -DBOARD=${board} -DSRC=${CMAKE_SOURCE_DIR}/arch/cortex-m
              -DBIN=${RTB_CM_IMAGE_DIR}/${board} -DOUT=${RTB_CM_IMAGE_DIR}
              -DTOOLCHAIN=${CMAKE_SOURCE_DIR}/cmake/arm-none-eabi.cmake -DWERROR=${RTB_WERROR}
              ${_extra} -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/build_image.cmake
      PARENT_SCOPE)
endfunction()

if(RTB_ARM_GCC)
  set(_cmds)
  set(_all_cmds)
  foreach(board ${RTB_CM_IMAGE_BOARDS})
    rtb_image_command(_cmds ${board} "")
    rtb_image_command(_all_cmds ${board} rtbench-${board}-cm)
  endforeach()
  add_custom_target(cortex-m-images ${_cmds}
                    COMMENT "Cross-building the Cortex-M images into ${RTB_CM_IMAGE_DIR}"
                    VERBATIM)
  # cortex-m-cycle-image-<board>: that board's images and its suite with the
  # cycle model's marks (rtbench-<board>-cm.elf, for `rtbench run --cycle-model`),
  # in the same tree as cortex-m-images builds (never run the two at once).
  foreach(board ${RTB_CM_IMAGE_BOARDS})
    set(_cmd)
    rtb_image_command(_cmd ${board} rtbench-${board}-cm)
    add_custom_target(cortex-m-cycle-image-${board} ${_cmd}
                      COMMENT "Cross-building the ${board} images and rtbench-${board}-cm.elf"
                      VERBATIM)
  endforeach()
  # cortex-m-install-images: every board's images and its cycle-model image, one
  # board after the other (what `make install` installs)
  add_custom_target(cortex-m-install-images ${_all_cmds}
                    COMMENT "Cross-building every board's images and cycle-model image"
                    VERBATIM)
else()
  add_custom_target(cortex-m-images
                    COMMAND ${CMAKE_COMMAND} -E echo
                            "cortex-m-images: arm-none-eabi-gcc not found: apt-get install gcc-arm-none-eabi"
                    COMMAND ${CMAKE_COMMAND} -E false
                    VERBATIM)
endif()
