# rtbench - the install step: `cmake --install <build> --prefix P` (and
# `make install PREFIX=P`, which builds every image first) puts
#   P/bin/rtbench                              the command
#   P/lib/rtbench/librtbench-cycle-model.so    the cycle-model plugin
#   P/lib/rtbench/cortex-m/*.elf, *.hex        the Cortex-M images the build made
#   P/share/man/man1/rtbench.1                 the man page, from rtbench --help
# An installed rtbench finds its images and plugin in ../lib/rtbench beside its
# bin/ (host/target/build_tool.c, INSTALLED_DIR) and builds nothing.
# Included by the top-level CMakeLists.txt, after the host and the images.
set(RTB_INSTALL_DIR lib/rtbench) # host/target/build_tool.c INSTALLED_DIR

install(TARGETS rtbench RUNTIME DESTINATION bin)
install(TARGETS cycle_model LIBRARY DESTINATION ${RTB_INSTALL_DIR})

# The man page: generated from the command's help (scripts/man-page.sh).
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/rtbench.1
                   COMMAND sh ${CMAKE_SOURCE_DIR}/scripts/man-page.sh $<TARGET_FILE:rtbench>
                           ${CMAKE_BINARY_DIR}/rtbench.1
                   DEPENDS rtbench ${CMAKE_SOURCE_DIR}/scripts/man-page.sh
                   COMMENT "Generating the man page rtbench.1 from rtbench --help"
                   VERBATIM)
add_custom_target(rtbench-man ALL DEPENDS ${CMAKE_BINARY_DIR}/rtbench.1)
install(FILES ${CMAKE_BINARY_DIR}/rtbench.1 DESTINATION share/man/man1)

# The images: those the build has made (make cortex-m, or every board's with
# its cycle-model image: the target cortex-m-install-images, as make install
# does). None is built here: a plain install of a tree without them says so.
install(CODE "
  file(GLOB _rtb_images \"${RTB_CM_IMAGE_DIR}/*.elf\" \"${RTB_CM_IMAGE_DIR}/*.hex\")
  set(_rtb_dest \"\${CMAKE_INSTALL_PREFIX}/${RTB_INSTALL_DIR}/cortex-m\")
  file(MAKE_DIRECTORY \"\${_rtb_dest}\")
  if(_rtb_images)
    file(INSTALL \${_rtb_images} DESTINATION \"\${_rtb_dest}\")
  else()
    message(WARNING \"rtbench: no Cortex-M images in ${RTB_CM_IMAGE_DIR} to install \"
                    \"(build them first: make cortex-m, or make install)\")
  endif()
")
