# rtbench - the input checks every kernel's check application shares
# (ports/<kernel>/app/): those built with rtbench's own CMake
# (ports/adapter/app.cmake) and Zephyr's superbuild
# (ports/zephyr/app/images.cmake), so that each refuses a missing or wrong
# KERNEL_TREE or BOARD with the same one line (tests/adapters/test_app_inputs.sh).
#
#   rtb_app_fail(<text>)            the one-line error: CMake's FATAL_ERROR
#   rtb_app_boards(<var>)           the boards of the application's boards.txt
#   rtb_app_tree(<var> <what>)      KERNEL_TREE given and a directory: its
#                                   absolute path; <what> names the folder
#                                   expected in the message
#   rtb_app_board_check(<kernel>)   BOARD given and one of boards.txt
include_guard(GLOBAL)

# CMake rewraps a message to 80 columns unless its line starts with a space:
# the space keeps each error on one line, for the reader, the host tool
# (which shows it before building) and tests/kernels.
macro(rtb_app_fail text)
  message(FATAL_ERROR " ${text}")
endmacro()

# The boards of this application: boards.txt beside its CMakeLists.txt, one
# per line, '#' starts a comment.
function(rtb_app_boards var)
  set(file ${CMAKE_CURRENT_SOURCE_DIR}/boards.txt)
  if(NOT EXISTS ${file})
    rtb_app_fail("${file} is missing: the application's board list")
  endif()
  file(STRINGS ${file} lines)
  set(boards)
  foreach(line ${lines})
    string(REGEX REPLACE "#.*" "" line "${line}")
    string(STRIP "${line}" line)
    if(line)
      list(APPEND boards ${line})
    endif()
  endforeach()
  set(${var} ${boards} PARENT_SCOPE)
endfunction()

# KERNEL_TREE, given and a directory, as an absolute path in VAR; WHAT names
# the folder expected in the message.
function(rtb_app_tree var what)
  if(KERNEL_TREE STREQUAL "")
    rtb_app_fail("KERNEL_TREE not given: -DKERNEL_TREE=<the folder of ${what}>")
  endif()
  get_filename_component(tree "${KERNEL_TREE}" ABSOLUTE)
  if(NOT IS_DIRECTORY "${tree}")
    rtb_app_fail("KERNEL_TREE '${KERNEL_TREE}' is not a directory (the folder of ${what})")
  endif()
  set(${var} ${tree} PARENT_SCOPE)
endfunction()

# BOARD checked against the application's boards.txt: given, and one of them.
function(rtb_app_board_check kernel)
  rtb_app_boards(boards)
  list(JOIN boards ", " names)
  if(BOARD STREQUAL "")
    rtb_app_fail("BOARD not given: -DBOARD=<one of ${names}>")
  endif()
  if(NOT BOARD IN_LIST boards)
    rtb_app_fail("BOARD '${BOARD}' is not supported by the ${kernel} check application (boards: ${names}; ${CMAKE_CURRENT_SOURCE_DIR}/boards.txt)")
  endif()
endfunction()
