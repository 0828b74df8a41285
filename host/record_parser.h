/*
 * rtbench host - incremental parser of rtbench machine records
 * (docs/records.md), for a live pipe (`run`) or a file (`import`).
 *
 *   struct record_parser p;
 *   record_parser_init(&p);
 *   while (getline(...)) switch (record_parser_feed(&p, line, len)) { ... }
 *   record_parser_finish(&p);            // closes a run left without its E record
 *   ... p.runs[0..n_runs-1] ...
 *   record_parser_free(&p);
 *
 * A record starts at the first "RTB1 " in a line; its CRC is verified and
 * a line that fails is rejected whole and remembered (line number, reason).
 * H starts a run, R/N/F add metrics, G adds histogram buckets to the R
 * record that announced them (hist=N), E ends it and checks the count. A run
 * without its E record, whose count differs, or with a histogram whose
 * buckets did not all arrive, is RUN_INCOMPLETE with the reason in
 * status_detail (a duplicated G record is rejected as an issue); a second H starts a second run
 * (the first, if still open, is closed as incomplete). An H whose clock makes no sense (hz=0,
 * bits=0 or >64, ns_num=0, ns_den=0) is rejected ("invalid header:
 * ...", RECORD_REJECTED; `closed` set if it ended an open run) and the records of
 * its run are dropped silently up to the next H. Other lines are ignored, except that
 * a human result line ("<id> - <description> : ...") lends its description
 * to the record of the same id that follows it.
 */
#ifndef RTBH_RECORD_PARSER_H
#define RTBH_RECORD_PARSER_H

#include <stddef.h>

#include "model.h"

/* What one record_parser_feed() call did. */
enum record_event {
    RECORD_NONE = 0, /* not a record (ignored) */
    RECORD_HEADER,   /* H: a new run is open: runs[n_runs-1] (== open_run) */
    RECORD_METRIC,   /* R/N/F: last_metric appended to open_run */
    RECORD_HIST,     /* G: buckets of last_metric's histogram; `hist_done` when it is whole */
    RECORD_END,      /* E: `closed` (the run just ended; complete or not) */
    RECORD_REJECTED  /* a record line was rejected: issues[n_issues-1] */
};

struct record_parser {
    unsigned long line; /* lines fed so far */
    struct run **runs;  /* every run started, in order (owned) */
    size_t n_runs;
    struct run *open_run; /* the open run (H seen, no E yet), or NULL */
    struct run *closed;   /* set by the feed that closed a run (E, or a new H / record_parser_finish
                             closing an open one); NULL otherwise */
    struct metric *last_metric;
    int hist_done;              /* set by the G record that completed last_metric's histogram */
    struct parse_issue *issues; /* rejected record lines (owned) */
    size_t n_issues;
    unsigned long records; /* valid records accepted, all runs */
    /* private */
    unsigned long run_records; /* R/N/F in the open run */
    int skipping;              /* after an invalid header: its run's records are dropped */
    char *human_id, *human_desc;
};

void record_parser_init(struct record_parser *p);
/* Feed one line (a trailing "\n" or "\r\n" is ignored). */
enum record_event record_parser_feed(struct record_parser *p, const char *line, size_t len);
/* End of stream: an open run is closed as incomplete ("no end record").
 * Returns the run it closed, or NULL. */
struct run *record_parser_finish(struct record_parser *p);
/* Frees everything still owned (runs taken with record_parser_take are not). */
void record_parser_free(struct record_parser *p);
/* Removes runs[i] from the parser's ownership and returns it (heap-allocated:
 * run_free() then free()). */
struct run *record_parser_take(struct record_parser *p, size_t i);

/* Verify the CRC of a record line starting at "RTB1 " (len bytes, no
 * newline). 0 ok, -1 malformed frame, -2 checksum mismatch. */
int record_check_crc(const char *rec, size_t len);

#endif /* RTBH_RECORD_PARSER_H */
