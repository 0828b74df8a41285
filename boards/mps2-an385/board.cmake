# The board's build facts (read by cmake/boards.cmake); its name is this folder's.
set(RTB_BOARD_ARCH cortex-m)           # arch/<this>: startup, vectors, counters, images
set(RTB_BOARD_ISA armv7-m)                 # the architecture profile (a kernel port picks its arch code by it)
set(RTB_BOARD_CPU cortex-m3)               # -mcpu (soft-float on every core: no FPU context)
set(RTB_BOARD_DRIVERS cmsdk_uart fpgaio_counter) # arch/<arch>/drivers/<driver>.c
set(RTB_BOARD_QEMU_MACHINE mps2-an385)  # qemu-system-arm -M (empty: not emulated)
set(RTB_BOARD_QEMU_COUNTER fpgaio)   # the counter its images use under QEMU (no DWT there)
# QEMU tests run on this board (tests/qemu): bringup, faults, suite (the suite
# and each kernel port's own tests on its images), run (rtbench run --target
# qemu:<board> end to end, and a repeat run: one board per architecture profile)
set(RTB_BOARD_QEMU_TESTS bringup faults suite run)
