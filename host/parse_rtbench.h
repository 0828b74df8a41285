/*
 * rtbench host - incremental parser of rtbench machine records
 * (docs/records.md), for a live pipe (`run`) or a file (`import`).
 *
 *   struct prs p;
 *   prs_init(&p);
 *   while (getline(...)) switch (prs_feed(&p, line, len)) { ... }
 *   prs_finish(&p);            // closes a run left without its E record
 *   ... p.runs[0..n_runs-1] ...
 *   prs_free(&p);
 *
 * A record starts at the first "RTB1 " in a line; its CRC is verified and
 * a line that fails is rejected whole and remembered (line number, reason).
 * H starts a run, R/N/F add metrics, E ends it and checks the count. A run
 * without its E record, or whose count differs, is RUN_INCOMPLETE with the
 * reason in status_detail; a second H starts a second run (the first, if
 * still open, is closed as incomplete). An H whose clock makes no sense
 * (hz=0, bits=0 or >64, ns_num=0, ns_den=0) is rejected ("invalid header:
 * ...", PRS_BAD; `closed` set if it ended an open run) and the records of
 * its run are dropped silently up to the next H. Other lines are ignored, except that
 * a human result line ("<id> - <description> : ...") lends its description
 * to the record of the same id that follows it.
 */
#ifndef RTBH_PARSE_RTBENCH_H
#define RTBH_PARSE_RTBENCH_H

#include <stddef.h>

#include "model.h"

/* What one prs_feed() call did. */
enum prs_event {
    PRS_NONE = 0, /* not a record (ignored) */
    PRS_HEADER,   /* H: a new run is open: runs[n_runs-1] (== cur) */
    PRS_METRIC,   /* R/N/F: last_metric appended to cur */
    PRS_END,      /* E: `closed` (the run just ended; complete or not) */
    PRS_BAD       /* a record line was rejected: issues[n_issues-1] */
};

struct prs_issue {
    unsigned long line; /* 1-based line number in the stream */
    char *msg;          /* "checksum mismatch", "malformed record: ...", ... */
};

struct prs {
    unsigned long line; /* lines fed so far */
    struct run **runs;  /* every run started, in order (owned) */
    size_t n_runs;
    struct run *cur;    /* the open run (H seen, no E yet), or NULL */
    struct run *closed; /* set by the feed that closed a run (E, or a new H / prs_finish
                           closing an open one); NULL otherwise */
    struct metric *last_metric;
    struct prs_issue *issues; /* rejected record lines (owned) */
    size_t n_issues;
    unsigned long records; /* valid records accepted, all runs */
    /* private */
    unsigned long n_rec; /* R/N/F in the open run */
    int skipping;        /* after an invalid header: its run's records are dropped */
    char *human_id, *human_desc;
};

void prs_init(struct prs *p);
/* Feed one line (a trailing "\n" or "\r\n" is ignored). */
enum prs_event prs_feed(struct prs *p, const char *line, size_t len);
/* End of stream: an open run is closed as incomplete ("no end record").
 * Returns the run it closed, or NULL. */
struct run *prs_finish(struct prs *p);
/* Frees everything still owned (runs taken with prs_take are not). */
void prs_free(struct prs *p);
/* Removes runs[i] from the parser's ownership and returns it (heap-allocated:
 * run_free() then free()). */
struct run *prs_take(struct prs *p, size_t i);

/* Verify the CRC of a record line starting at "RTB1 " (len bytes, no
 * newline). 0 ok, -1 malformed frame, -2 checksum mismatch. */
int prs_check_crc(const char *rec, size_t len);

#endif /* RTBH_PARSE_RTBENCH_H */
