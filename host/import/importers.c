/*
 * rtbench host - the importer table (importer.h): every input format of
 * `rtbench import`, in the order auto-detection tries them (an rtbench
 * record anywhere in a log wins: its human lines also look like Zephyr's).
 *
 * This file holds the table and nothing else, so that a test binary can
 * link its own table in its place (tests/host/test_extensions.c).
 */
#include "import/importer.h"

extern const struct importer importer_rtbench;    /* importer_rtbench.c */
extern const struct importer importer_zephyr;     /* importer_zephyr.c */
extern const struct importer importer_zbus;       /* importer_zbus.c */
extern const struct importer importer_rhealstone; /* importer_rhealstone.c */
extern const struct importer importer_cyclictest; /* importer_cyclictest.c */

const struct importer *const importers[] = {
    &importer_rtbench,    &importer_zephyr,     &importer_zbus,
    &importer_rhealstone, &importer_cyclictest, NULL,
};
