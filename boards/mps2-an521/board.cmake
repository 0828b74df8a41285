# The board's build facts (read by cmake/boards.cmake); its name is this folder's.
# MPS2+ AN521: the SSE-200 subsystem, two Cortex-M33, of which rtbench runs on
# CPU0 (QEMU holds CPU1 in reset, as the SSE-200's CPUWAIT does). The memory
# map, the console UART, the FPGAIO counter, the clock and the interrupt lines
# QEMU 7.2 gives it are the AN505's (docs/ports/cortex-m.md: the two compared).
set(RTB_BOARD_ARCH cortex-m)           # arch/<this>: startup, vectors, counters, images
set(RTB_BOARD_ISA armv8-m.main)            # the architecture profile (a kernel port picks its arch code by it)
set(RTB_BOARD_CPU cortex-m33)              # -mcpu (soft-float on every core: no FPU context)
set(RTB_BOARD_DRIVERS cmsdk_uart fpgaio_counter) # arch/<arch>/drivers/<driver>.c
set(RTB_BOARD_QEMU_MACHINE mps2-an521)  # qemu-system-arm -M (empty: not emulated; its CPU: cortex-m33)
set(RTB_BOARD_QEMU_COUNTER fpgaio)   # the counter its images use under QEMU (no DWT there)
# QEMU tests run on this board (tests/qemu): the bring-up image only; the
# suite on this core profile runs on mps2-an505 (the same QEMU devices), and
# on this board as Zephyr's mps2/an521/cpu0 (kernel.zephyr.mps2-an521) and
# NuttX's mps2-an521 (kernel.nuttx.mps2-an521).
set(RTB_BOARD_QEMU_TESTS bringup)
