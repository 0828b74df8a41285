/*
 * The families whose ids are not siblings are declared once, in the
 * catalog (suite/core/catalog.def: RTB_NO_SIBLINGS), and the host's outlier
 * rule takes them from there (host/artifact.c: artifact_sibling_key): every
 * catalog id of a declared family has no sibling group, every other
 * catalog id has one. Take a declaration out of catalog.def while the host
 * keeps its own list, and the ids of that family fail here.
 */
#include <stdio.h>
#include <string.h>

#include "artifact.h"

#include "check.h"

static const char *const declared[] = {
#define RTB_BENCH(fn, id, description, family, capabilities, flags)
#define RTB_NO_SIBLINGS(prefix) prefix,
#include "../../suite/core/catalog.def"
#undef RTB_NO_SIBLINGS
#undef RTB_BENCH
};

static const char *const ids[] = {
#define RTB_BENCH(fn, id, description, family, capabilities, flags) id,
#include "../../suite/core/catalog.def"
#undef RTB_BENCH
};

#define N_DECLARED (sizeof declared / sizeof declared[0])
#define N_IDS (sizeof ids / sizeof ids[0])

/* ID starts with one of the declared prefixes and a dot. */
static int is_declared(const char *id)
{
    for (size_t i = 0; i < N_DECLARED; i++) {
        size_t n = strlen(declared[i]);
        if (strncmp(id, declared[i], n) == 0 && id[n] == '.')
            return 1;
    }
    return 0;
}

int main(void)
{
    char key[256];
    size_t alone = 0, wrong = 0;
    CHECKF(N_DECLARED > 0, "catalog.def declares %zu families without siblings", N_DECLARED);
    for (size_t i = 0; i < N_IDS; i++) {
        int has_key = artifact_sibling_key(ids[i], key, sizeof key);
        alone += is_declared(ids[i]);
        if (is_declared(ids[i]) == has_key && ++wrong <= 5)
            printf("%s: declared %s, sibling key %s\n", ids[i],
                   is_declared(ids[i]) ? "alone" : "with siblings", has_key ? key : "none");
    }
    CHECKF(wrong == 0,
           "every catalog id: a sibling group exactly when its family is not "
           "declared alone (%zu wrong)",
           wrong);
    CHECKF(alone > 0 && alone < N_IDS, "%zu of the %zu catalog ids in declared families", alone,
           (size_t)N_IDS);
    CHECK(!artifact_sibling_key("timer.wakeup.x", key, sizeof key));
    CHECK(artifact_sibling_key("semaphore.give.immediate.kernel", key, sizeof key));
    return check_summary("test_siblings");
}
