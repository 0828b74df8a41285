# cmake -DREFK=<elf> -DIMAGES=<elf;elf...> -P copy.cmake: each image a copy of REFK.
foreach(elf IN LISTS IMAGES)
  file(COPY_FILE "${REFK}" "${elf}")
endforeach()
