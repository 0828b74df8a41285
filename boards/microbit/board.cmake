# The board's build facts (read by cmake/boards.cmake); its name is this folder's.
# BBC micro:bit (v1): Nordic nRF51822, Cortex-M0 at 16 MHz, 256 KiB flash, 16 KiB RAM.
set(RTB_BOARD_ARCH cortex-m)           # arch/<this>: startup, vectors, counters, images
set(RTB_BOARD_ISA armv6-m)                 # the architecture profile (a kernel port picks its arch code by it)
set(RTB_BOARD_CPU cortex-m0)               # -mcpu (soft-float on every core: no FPU context)
set(RTB_BOARD_DRIVERS nrf51_uart nrf51_timer) # arch/<arch>/drivers/<driver>.c
# Build options of every image (rtb_config.h, the kernels and arch/cortex-m keep
# them): 16 KiB of RAM hold the samples of one benchmark (200, 4 bytes each),
# the helper threads' and the runner thread's stacks, the kernel's heap,
# Thread-Metric's 4 KiB array, the line buffer, the fault report's stack and the
# main (handler) stack of memory.ld. Stack sizes measured by painting
# (docs/ports/cortex-m.md). Five helper threads (what Thread-Metric needs), not
# the nine of refk's default: nine do not fit, so msgq.* runs with up to 4
# consumers here and says n/a beyond; no 50 small threads
# (rhealstone.task_switch.50 says n/a). A 768-byte line buffer: the longest
# record, the H record, is 493 bytes on refk with a short filter and 647 on
# ThreadX (its sched text); a header that does not fit stops the run with a
# one-line error. The runner thread keeps 1280
# bytes (1024 overflowed in tm.basic). The fault report's stack: 448 bytes
# (384 used, measured by painting).
set(RTB_BOARD_DEFINES
    RTB_CONFIG_MAX_SAMPLES=200u RTB_CONFIG_ITERATIONS=200u
    RTB_CONFIG_MAX_THREADS=5u RTB_CONFIG_STACK_SIZE=320u RTB_CONFIG_MAIN_STACK_SIZE=1280u
    REFK_HEAP_BYTES=1024u RTB_CONFIG_LINE_MAX=768u
    RTB_CONFIG_SMALL_STACKS=0u RTB_CM_FAULT_STACK_BYTES=448u)
set(RTB_BOARD_QEMU_MACHINE microbit)   # qemu-system-arm -M (empty: not emulated)
set(RTB_BOARD_QEMU_COUNTER nrf51-timer0) # the counter its images use under QEMU
# QEMU tests run on this board (tests/qemu): bringup, faults, suite (the suite
# and each kernel port's own tests on its images), run (rtbench run --target
# qemu:<board> end to end, and a repeat run: one board per architecture profile)
set(RTB_BOARD_QEMU_TESTS bringup faults suite run)
# The ids its suite says n/a for want of RAM (qemu.suite.microbit checks exactly
# these): no 50 small stacks (RTB_CONFIG_SMALL_STACKS=0 above).
set(RTB_BOARD_QEMU_NA rhealstone.task_switch.50)
