/*
 * rtbench host - importer of Zephyr's tests/benchmarks/latency_measure
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
#ifndef RTBH_IMPORT_ZEPHYR_H
#define RTBH_IMPORT_ZEPHYR_H

#include <stddef.h>
#include <stdint.h>

#include "import/importer.h"
#include "run.h"

/* One parsed result row. */
struct zephyr_row {
    const char *id, *desc; /* point into the line, not NUL-terminated */
    size_t id_len, desc_len;
    uint64_t cycles, ns;
};

/* Parse one line (no newline; a trailing '\r' is tolerated). 1 if it is a
 * result row (row filled), 0 otherwise. Never reads past len. */
int zephyr_parse_row(const char *line, size_t len, struct zephyr_row *row);

/* Derive the counter clock from rows (cycles[i], ns[i]) printed as integers
 * by truncation: the simplest frequency (fewest significant digits) inside
 * the interval every row allows; if the rows contradict each other, the
 * median of cycles*1e9/ns over rows with ns >= 1000 (all rows if none).
 * Returns 0 if no row has ns > 0. */
double zephyr_derive_hz(const uint64_t *cycles, const uint64_t *ns, size_t n, int *consistent);

/* The run's clock (run_set_clock) for latency_measure's rows: GIVEN_HZ
 * (--cpu-hz) when > 0, else derived from the rows, else, when the rows
 * contradict each other, PRINTED_HZ when the log printed one (> 0), else their
 * median ("given", "derived", "printed", "derived-median"). */
void zephyr_set_clock(struct run *r, double given_hz, double printed_hz, const uint64_t *cycles,
                      const uint64_t *ns, size_t n);

/* The importer (import/importer.h): one run per log; result rows after a second
 * boot banner, and repeated ids, are ignored and counted in the note. */
extern const struct importer importer_zephyr;

#endif /* RTBH_IMPORT_ZEPHYR_H */
