# rtbench over µC/OS-III: include this file from the application's CMake,
# load the board, add the application's µC/OS-III kernel target (µC/OS-III
# has no CMake of its own: uC-OS3/Source, the Cortex-M port of the board's
# profile, uC-CPU and its port, with the include directories of os.h, cpu.h,
# lib_def.h and of the application's os_cfg.h/os_cfg_app.h/cpu_cfg.h/
# lib_cfg.h PUBLIC), then
#
#   rtb_cm_board(<board>)
#   rtb_ucos3_library(<name> [KERNEL ucos3] [FAMILIES <family...>])
#   target_link_libraries(<firmware> PRIVATE <name>)
#   rtb_cm_image(<firmware> LIBC_MEM)
#
# <name> is the suite (core + every benchmark family), this adapter and its
# start-up glue (main, the software interrupt's OSIntEnter/OSIntExit);
# rtb_cm_image gives the firmware the board support. See docs/ports/ucos3.md;
# config/ holds the example os_cfg.h, os_cfg_app.h, cpu_cfg.h and lib_cfg.h.
include(${CMAKE_CURRENT_LIST_DIR}/../adapter/adapter.cmake)

rtb_adapter_kernel(ucos3 DEFAULT_KERNEL ucos3
                   PORT_SOURCES port_ucos3.c startup_ucos3.c rtb_uc_map.c ../common/absent_condvar.c
                   DEFINES RTB_CM_SWIRQ_HOOKS=1)
