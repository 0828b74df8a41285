/*
 * rtbench host - the target kind table (target/target.h): every kind of
 * --target, in the order --help and the unknown-target message list them.
 * A new kind = target/<kind>.c defining a `const struct target_type` + its
 * line here (a test build may link its own table in its place:
 * tests/host/extensions.c).
 */
#include <stddef.h>

#include "target/target.h"

extern const struct target_type target_type_host;    /* target/host.c */
extern const struct target_type target_type_cmd;     /* target/cmd.c */
extern const struct target_type target_type_qemu;    /* target/qemu.c */
extern const struct target_type target_type_serial;  /* target/serial.c */
extern const struct target_type target_type_tcp;     /* target/net.c */
extern const struct target_type target_type_rfc2217; /* target/net.c */

const struct target_type *const target_types[] = {
    &target_type_host,
    &target_type_cmd,
    &target_type_qemu,
    &target_type_serial,
    &target_type_tcp,
    &target_type_rfc2217,
    NULL,
};
