/*
 * rtbench host - the importer table (import/importer.h): every input format of
 * `rtbench import`, in the order auto-detection tries them (an rtbench
 * record anywhere in a log wins: its human lines also look like Zephyr's).
 *
 * This file holds the table and nothing else, so that a test binary can
 * link its own table in its place (tests/host/extensions.c).
 */
#include "import/importer.h"

extern const struct importer importer_rtbench;         /* import/rtbench.c */
extern const struct importer importer_zephyr;          /* import/zephyr.c */
extern const struct importer importer_zbus;            /* import/zbus.c */
extern const struct importer importer_rhealstone;      /* import/rhealstone.c */
extern const struct importer importer_cyclictest;      /* import/cyclictest.c */
extern const struct importer importer_zephyr_legacy;   /* import/zephyr_legacy.c */
extern const struct importer importer_thread_metric;   /* import/thread_metric.c */
extern const struct importer importer_cyclictest_hist; /* import/cyclictest_hist.c */
extern const struct importer importer_osperf;          /* import/osperf.c */
extern const struct importer importer_rtla_timerlat;   /* import/rtla_timerlat.c */
extern const struct importer importer_zbus_console;    /* import/zbus_console.c */
extern const struct importer importer_rtos_benchmark;  /* import/rtos_benchmark.c */
extern const struct importer importer_rtems;           /* import/rtems.c */
extern const struct importer importer_twister;         /* import/twister.c */
extern const struct importer importer_rtosbench;       /* import/rtosbench.c */

/* one line each, appended (clang-format would pack them into columns) */
/* clang-format off */
const struct importer *const importers[] = {
    &importer_rtbench,
    &importer_zephyr,
    &importer_zbus,
    &importer_rhealstone,
    &importer_cyclictest,
    &importer_zephyr_legacy,
    &importer_thread_metric,
    &importer_cyclictest_hist,
    &importer_osperf,
    &importer_rtla_timerlat,
    &importer_zbus_console,
    &importer_rtos_benchmark,
    &importer_rtems,
    &importer_twister,
    &importer_rtosbench,
    NULL,
};
/* clang-format on */
