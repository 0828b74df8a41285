/*
 * libFuzzer target: one importer of the table (host/import/importers.c) on any
 * file, read through the importer driver exactly as `rtbench import` reads
 * it (host/import/importer.c: line splitting, length limit, bounded issues), then
 * the flags of every run found and its text output (to /dev/null).
 *
 * Built once per importer with FUZZ_IMPORTER="<name>" (tests/fuzz/CMakeLists.txt
 * makes one target per name it finds in host/import/importers.c), and once with
 * FUZZ_IMPORTER="" for --format auto (every importer side by side).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "artifact.h"
#include "import/importer.h"
#include "out/writer.h"

#ifndef FUZZ_IMPORTER
#error "FUZZ_IMPORTER: the importer's name, or \"\" for auto-detection"
#endif

static FILE *null_out;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const struct importer *imp = NULL;
    if (FUZZ_IMPORTER[0] && !(imp = importer_find(FUZZ_IMPORTER)))
        abort(); /* the table lost the importer this target was built for */
    if (!null_out)
        null_out = fopen("/dev/null", "w");
    FILE *f = fmemopen((void *)data, size ? size : 1, "rb");
    if (!f)
        return 0;
    if (size == 0)
        fgetc(f); /* an empty file: at its end at once */
    struct import_options o = {NULL, 0, 0, "import:fuzz", 0, 0};
    struct import_result res;
    const struct importer *used = NULL;
    char err[512];
    if (import_stream(f, imp, &o, &res, &used, err, sizeof err) == 0) {
        for (size_t i = 0; i < res.n_runs; i++) {
            artifact_flag_run(res.runs[i]);
            writers[0]->run(null_out, res.runs[i]);
        }
        if (res.n_runs >= 2)
            artifact_flag_compare(res.runs, res.n_runs);
    }
    import_result_free(&res);
    fclose(f);
    return 0;
}
