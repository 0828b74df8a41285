/*
 * rtbench template port - the object types of the porting contract.
 *
 * rtb/port.h includes this file by name; the include path of the build
 * picks the port's copy. Each struct wraps the kernel's own control block
 * (e.g. `struct rtb_sem { StaticSemaphore_t cb; SemaphoreHandle_t h; };` on
 * FreeRTOS, `struct rtb_sem { struct k_sem s; };` on Zephyr). The storage is
 * owned by the caller (static in the benchmarks), so put the kernel object
 * itself here, not a pointer to something the port would have to allocate.
 *
 * The template has no kernel: every struct holds one placeholder member
 * because C99 does not allow empty structs.
 */
#ifndef RTB_PORT_TYPES_TEMPLATE_H
#define RTB_PORT_TYPES_TEMPLATE_H

#include <stdint.h>

struct rtb_thread {
    int unused; /* the kernel's thread control block (TCB), plus a join object if needed */
};
struct rtb_sem {
    int unused; /* counting semaphore with an upper limit */
};
struct rtb_mutex {
    int unused; /* recursive mutex (priority inheritance if the kernel has it) */
};
struct rtb_condvar {
    int unused;
};
struct rtb_events {
    int unused; /* 32 event bits */
};
struct rtb_fifo {
    int unused; /* intrusive queue: items start with struct rtb_qlink */
};
struct rtb_lifo {
    int unused;
};
struct rtb_stack {
    int unused; /* stack of uintptr_t over caller-provided storage */
};
struct rtb_msgq {
    int unused; /* fixed-size messages copied into caller-provided storage */
};

#endif /* RTB_PORT_TYPES_TEMPLATE_H */
