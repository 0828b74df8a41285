/*
 * rtbench host - finding a writer in the table (out/writer.h, out/writers.c)
 * by the name --format gives, and the names a document can be written as.
 */
#include <stdio.h>
#include <string.h>

#include "util.h"
#include "out/writer.h"

static int writes(const struct writer *w, enum document doc)
{
    switch (doc) {
    case DOC_LIST:
        return w->list != NULL;
    case DOC_RUN:
        return w->run != NULL;
    case DOC_COMPARISON:
        return w->comparison != NULL;
    case DOC_SUMMARY:
        return w->summary != NULL;
    case DOC_HISTORY:
        return w->history != NULL;
    default:
        return w->check != NULL;
    }
}

void writer_names(enum document doc, char *buf, size_t len)
{
    size_t k = 0, n = 0, count = 0;
    buf[0] = '\0';
    for (const struct writer *const *w = writers; *w; w++)
        count += writes(*w, doc) != 0;
    for (const struct writer *const *w = writers; *w; w++) {
        if (!writes(*w, doc))
            continue;
        n++;
        int l = snprintf(buf + k, len - k, "%s%s",
                         n == 1       ? ""
                         : n == count ? " or "
                                      : ", ",
                         (*w)->name);
        if (l < 0 || (size_t)l >= len - k)
            return;
        k += (size_t)l;
    }
}

const struct writer *writer_find(const char *name, enum document doc, char *err, size_t errlen)
{
    for (const struct writer *const *w = writers; *w; w++)
        if (writes(*w, doc) &&
            (strcmp((*w)->name, name) == 0 || ((*w)->alias && strcmp((*w)->alias, name) == 0)))
            return *w;
    char names[256];
    writer_names(doc, names, sizeof names);
    errf(err, errlen, "--format must be %s, not: %s", names, *name ? name : "(nothing)");
    return NULL;
}
