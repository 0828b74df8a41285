# refk's tests under QEMU, for the host build's ctest. Included by
# tests/qemu/CMakeLists.txt (which defines the `cm_images` fixture,
# RTB_QEMU_ARM, RTB_CM_IMAGES, the board lists and RTB_QEMU_MACHINE_<board>).
# Each test boots rtbench-refk-tests-<board>.elf (ports/refk/CMakeLists.txt,
# from tests/target/*.c) under -icount on every board that runs the suite; the
# image prints a line per failed check and per test, then "N passed, N failed",
# and exits non-zero when a check failed.
foreach(board ${RTB_QEMU_SUITE_BOARDS})
  add_test(NAME qemu.refk.${board}
           COMMAND sh -c "exec \"$0\" -M $1 -display none -serial stdio -monitor none -icount shift=10,sleep=off -semihosting-config enable=on,target=native -kernel \"$2\" </dev/null"
                   ${RTB_QEMU_ARM} ${RTB_QEMU_MACHINE_${board}} ${RTB_CM_IMAGES}/rtbench-refk-tests-${board}.elf)
  set_tests_properties(qemu.refk.${board} PROPERTIES FIXTURES_REQUIRED cm_images TIMEOUT 120
                       FAIL_REGULAR_EXPRESSION "check failed;FAIL ;HardFault;deadlock")
endforeach()
# A deadlock (every thread blocked, no timeout pending) must end the image with
# one line naming it and exit status 100, not hang.
add_test(NAME qemu.refk.deadlock
         COMMAND sh -c "out=$(\"$0\" -M $1 -display none -serial stdio -monitor none -icount shift=10,sleep=off -semihosting-config enable=on,target=native -kernel \"$2\" -append --deadlock </dev/null); rc=$?; echo \"$out\"; [ $rc -eq 100 ] && echo \"$out\" | grep -q 'rtbench: refk: deadlock'"
                 ${RTB_QEMU_ARM} ${RTB_QEMU_MACHINE_${RTB_QEMU_BOARD}}
                 ${RTB_CM_IMAGES}/rtbench-refk-tests-${RTB_QEMU_BOARD}.elf)
set_tests_properties(qemu.refk.deadlock PROPERTIES FIXTURES_REQUIRED cm_images TIMEOUT 60)
