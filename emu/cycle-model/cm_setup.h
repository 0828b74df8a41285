/*
 * The cycle-model plugin's set-up: its arguments (README.md, "Arguments") and
 * what it reads from the guest's image (exception handlers, the mark block).
 */
#ifndef CM_SETUP_H_
#define CM_SETUP_H_

#include "cm_timing.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CM_MAX_HANDLERS 1024

struct cm_setup {
    struct cm_model model;
    uint32_t handlers[CM_MAX_HANDLERS]; /* exception handler addresses */
    unsigned n_handlers;
    bool profile;   /* profile=1: P lines */
    bool marks_set; /* the guest has a mark block, at marks_base */
    uint32_t marks_base;
    char out_path[4096]; /* out=FILE, or "" */
};

/* Parses the plugin's arguments and reads the image elf= names: 0, or -1 with
   a one-line message in err. */
int cm_setup(struct cm_setup *s, int argc, char **argv, char *err, size_t errlen);

/* True if addr is an exception handler's. */
bool cm_setup_is_handler(const struct cm_setup *s, uint32_t addr);

#endif
