# rtbench over FreeRTOS: include this file from the application's CMake, load
# the board, add FreeRTOS-Kernel (its freertos_kernel target), then
#
#   rtb_cm_board(<board>)
#   rtb_freertos_library(<name> [KERNEL freertos_kernel] [FAMILIES <family...>])
#   target_link_libraries(<firmware> PRIVATE <name>)
#   rtb_cm_image(<firmware> LIBC_MEM)
#
# <name> is the suite (core + every benchmark family), this adapter and its
# start-up glue (main, vector routing, the kernel tasks' static memory);
# rtb_cm_image gives the firmware the board support. See
# docs/ports/freertos.md. FreeRTOSConfig.h comes from the application's
# freertos_config target (FreeRTOS-Kernel's convention), for kernel and
# adapter alike; config/ holds the example one.
include(${CMAKE_CURRENT_LIST_DIR}/../adapter/adapter.cmake)

rtb_adapter_kernel(freertos DEFAULT_KERNEL freertos_kernel
                   PORT_SOURCES port_freertos.c startup_freertos.c rtb_fr_map.c ../common/absent_condvar.c)
