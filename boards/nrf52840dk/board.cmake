# The board's build facts (read by cmake/boards.cmake); its name is this folder's.
# Nordic nRF52840 DK (PCA10056): nRF52840, Cortex-M4F at 64 MHz. A real board:
# no QEMU machine, so no QEMU test runs it; its images are built with the
# others (cortex-m-images) and checked by tests/qemu's board.image test.
set(RTB_BOARD_ARCH cortex-m)           # arch/<this>: startup, vectors, counters, images
set(RTB_BOARD_ISA armv7e-m)            # the architecture profile (a kernel port picks its arch code by it)
set(RTB_BOARD_CPU cortex-m4)           # -mcpu (soft-float on every core: no FPU context)
set(RTB_BOARD_DRIVERS nrf52_init nrf_uarte) # arch/<arch>/drivers/<driver>.c: HFXO + I-cache, UARTE0 console
set(RTB_BOARD_QEMU_MACHINE "")         # qemu-system-arm -M (empty: not emulated)
set(RTB_BOARD_QEMU_TESTS "")           # none: QEMU has no nRF52840
# Alone on the bench, no debugger serves semihosting (a BKPT 0xAB would fault):
# exit prints "rtbench: exit N" and the options are built in (RTB_CM_CMDLINE).
set(RTB_BOARD_SEMIHOSTING 0)
