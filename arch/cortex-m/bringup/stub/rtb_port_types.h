/* Bring-up image only: the kernel's object types are not needed (no kernel
 * is linked); rtb/port.h uses them as incomplete types. */
#ifndef RTB_PORT_TYPES_H
#define RTB_PORT_TYPES_H
#endif
