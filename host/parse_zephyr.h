/*
 * rtbench host - importer for Zephyr's tests/benchmarks/latency_measure
 * console logs (the aligned form and the compact form with blank lines).
 *
 * A result row is
 *   <id> - <description> : <N> cycles , <M> ns :
 * where N is the mean over latency_measure's iterations (integer) and M the
 * same in nanoseconds. Everything else is ignored, except:
 *   `west build ... -b <board>`          the board (unless given)
 *   `*** Booting Zephyr OS build <v> ***` the kernel version
 *   `PROJECT EXECUTION SUCCESSFUL|FAILED` whether the run completed
 */
#ifndef RTBH_PARSE_ZEPHYR_H
#define RTBH_PARSE_ZEPHYR_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

struct zephyr_opts {
    const char *board;  /* overrides the board found in the log; NULL: from the log */
    double cpu_hz;      /* > 0: the cycle counter's clock; else derived from the rows */
    unsigned iters;     /* > 0: iterations per row (stored as header `iters`) */
    const char *source; /* stored as run.source, e.g. "import:rpi_pico.log" */
};

/* One parsed result row. */
struct zephyr_row {
    const char *id, *desc; /* point into the line, not NUL-terminated */
    size_t id_len, desc_len;
    uint64_t cycles, ns;
};

/* Parse one line (no newline; a trailing '\r' is tolerated). 1 if it is a
 * result row (row filled), 0 otherwise. Never reads past len. */
int zephyr_parse_row(const char *line, size_t len, struct zephyr_row *row);

/* 1 if the text holds at least one result row. */
int zephyr_detect(const char *text, size_t len);

/* Derive the counter clock from rows (cycles[i], ns[i]) printed as integers
 * by truncation: the simplest frequency (fewest significant digits) inside
 * the interval every row allows; if the rows contradict each other, the
 * median of cycles*1e9/ns over rows with ns >= 1000 (all rows if none).
 * Returns 0 if no row has ns > 0. */
double zephyr_derive_hz(const uint64_t *cycles, const uint64_t *ns, size_t n, int *consistent);

/* Parse a whole log (len bytes, need not be NUL-terminated) into a fresh
 * run (out is zeroed first). One run per log: result rows after a second
 * boot banner are ignored and counted in *ignored (may be NULL).
 * 0, or -1 with a one-line message in err ("no latency_measure results"). */
int parse_zephyr(const char *text, size_t len, const struct zephyr_opts *o, struct run *out,
                 size_t *ignored, char *err, size_t errlen);

#endif /* RTBH_PARSE_ZEPHYR_H */
