/*
 * libFuzzer target: the command line. The input is an argument vector (its
 * NUL-separated pieces); the first piece picks the subcommand (by name, else
 * by its first byte), the rest are its arguments, parsed and checked by the
 * subcommand itself with cli_dry_run set (host/cli.h: it stops where it
 * would open the database: nothing is read, written or started). The
 * pieces are also tried as a --target specification (host/target/target.c), save
 * qemu: ones, whose resolution builds images.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmd/cmds.h"
#include "target/target.h"

static const struct {
    const char *name;
    int (*fn)(int, char **);
} subs[] = {{"run", cmd_run},       {"list", cmd_list},       {"show", cmd_show},
            {"import", cmd_import}, {"compare", cmd_compare}, {"check", cmd_check}};
#define N_SUBS (sizeof subs / sizeof subs[0])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        /* the commands' words go nowhere (run_fuzz.sh: -close_fd_mask=3);
         * RTBENCH_DB a path that is never opened */
        setenv("RTBENCH_DB", "/nonexistent/rtbench-fuzz.db", 1);
        cli_dry_run = 1;
        ready = 1;
    }
    if (size > 4096)
        return 0;
    char *buf = malloc(size + 1);
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[66];
    int argc = 0;
    for (size_t i = 0; i <= size && argc < 64;) {
        argv[argc++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    argv[argc] = NULL;
    size_t which = (unsigned char)argv[0][0] % N_SUBS;
    for (size_t k = 0; k < N_SUBS; k++)
        if (strcmp(argv[0], subs[k].name) == 0)
            which = k;
    argv[0] = (char *)subs[which].name;
    subs[which].fn(argc, argv);
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "qemu:", 5) == 0)
            continue;
        struct target_cmd t;
        struct target_options opt = {NULL, 0, NULL, 1, 0, NULL, NULL, 0};
        char err[256];
        memset(&t, 0, sizeof t);
        target_resolve(argv[i], &opt, &t, err, sizeof err);
        target_cmd_free(&t);
    }
    free(buf);
    return 0;
}
