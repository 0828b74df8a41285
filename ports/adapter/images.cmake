# rtbench - which suite images a kernel's check application builds for a
# board: one, or on a board whose RAM does not hold the whole suite two, A
# and B, each with some of the benchmark families. Shared by the check
# applications built with rtbench's own CMake (ports/adapter/app.cmake) and
# by Zephyr's superbuild (ports/zephyr/app/images.cmake), so that every
# kernel splits the suite the same way on the same board.
#
#   rtb_app_image_split(<board> <var>)
#       <var>: empty when one image holds the suite; else the image
#       suffixes "A;B" and <var>_A, <var>_B: the families (suite/bench/*.c
#       without .c) of each image. Image B has RTB_APP_IMAGE_B_FAMILIES,
#       image A every other family.
include_guard(GLOBAL)
get_filename_component(_rtb_images_root ${CMAKE_CURRENT_LIST_DIR}/../.. ABSOLUTE)

# Boards whose RAM does not hold the whole suite in one image: two images
# there (the micro:bit: 16 KiB; Thread-Metric's 4 KiB array alone is a
# quarter of it).
set(RTB_APP_SPLIT_BOARDS microbit)
# The families of image B on such a board; image A has every other one.
# calib (the measurement chain's known answers) is in both: each image proves
# its own counter.
set(RTB_APP_IMAGE_B_FAMILIES tm calib)

function(rtb_app_image_split board var)
  if(NOT board IN_LIST RTB_APP_SPLIT_BOARDS)
    set(${var} "" PARENT_SCOPE)
    return()
  endif()
  file(GLOB all RELATIVE ${_rtb_images_root}/suite/bench ${_rtb_images_root}/suite/bench/*.c)
  string(REPLACE ".c" "" all "${all}")
  set(families_a ${all})
  list(REMOVE_ITEM families_a ${RTB_APP_IMAGE_B_FAMILIES})
  set(${var} A B PARENT_SCOPE)
  set(${var}_A ${families_a} PARENT_SCOPE)
  set(${var}_B ${RTB_APP_IMAGE_B_FAMILIES} PARENT_SCOPE)
endfunction()
