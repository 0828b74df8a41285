/*
 * rtbench tests - the catalog as a test reads it: suite/core/catalog.def
 * expanded by the C preprocessor, the same reader the suite's own catalog.c
 * uses (no second parser of that file). Include it in one .c file with
 * suite/core on the include path.
 *
 *   test_catalog[i].id, .family    the entry's id and family
 *   test_catalog[i].needs_rt       1 for an RTB_NEEDS_RT entry
 *   TEST_CATALOG_LEN               the number of entries
 */
#ifndef RTB_TESTS_CATALOG_IDS_H
#define RTB_TESTS_CATALOG_IDS_H

#include <string.h>

struct test_catalog_entry {
    const char *id, *family;
    const char *flags; /* the entry's flags as written: "0", "RTB_NEEDS_RT" */
};

/* The capabilities argument is not expanded (the port's enum is not needed here). */
static const struct test_catalog_entry test_catalog[] = {
#define RTB_BENCH(fn, id, desc, family, caps, flags) {id, family, #flags},
#include "catalog.def"
#undef RTB_BENCH
};

#define TEST_CATALOG_LEN (sizeof test_catalog / sizeof test_catalog[0])

static inline int test_catalog_needs_rt(const struct test_catalog_entry *e)
{
    return strstr(e->flags, "RTB_NEEDS_RT") != NULL;
}

#endif /* RTB_TESTS_CATALOG_IDS_H */
