/*
 * rtbench host - incremental parser of rtbench machine records
 * (docs/records.md), for a live pipe (`run`) or a file (`import`).
 *
 *   struct record_parser p;
 *   record_parser_init(&p);
 *   for each line: switch (record_parser_feed(&p, line, len)) { ... }
 *   record_parser_finish(&p);            // closes a run left without its E record
 *   ... p.runs[0..n_runs-1] ...
 *   record_parser_free(&p);
 *
 * A record starts at the first "RTB1 " in a line; its CRC is verified and a
 * line that fails is rejected whole and remembered (line number, reason; the
 * first RTBH_MAX_ISSUES in full, all of them counted). H starts a run, R/N/F
 * add results, G adds histogram buckets to the R record that announced them
 * (hist=N; G records are not numbered: they must follow their R record, with
 * no other record line between, and a run is complete only when every
 * announced histogram is whole and consistent with its result), E ends it.
 *
 * When a run is complete (docs/records.md, "Completeness"): a header with
 * `seq=1` numbers its results: each R/N/F carries `seq=K` (1..count) and
 * `hdr=` the header's CRC, and E carries `hdr=`. The run is complete when E
 * arrived, every number 1..count arrived exactly once and no two records
 * conflict. A record repeated identically (a UART that repeats a line) is
 * ignored and said (RECORD_DUPLICATE); a second, different record for the
 * same number or id is refused and makes the run incomplete; a record whose
 * `hdr` is not its run's header belongs to another run (whose header was
 * lost): it is refused and the open run goes on; a record whose number goes
 * back under the same header is a restarted target's whose new header was
 * lost: the open run is closed (incomplete) and the records up to the next
 * header are refused. A header without `seq`
 * (an older target) is judged by the old rule - E's count equals the number
 * of distinct results received and the header's count - and its detail says
 * so. A header whose clock makes no sense (hz=0, bits=0 or >64, ns_num=0,
 * ns_den=0), or that announces more than RTBH_MAX_METRICS results, is
 * rejected and the records of its run are dropped silently up to the next
 * H. An R record whose statistics are impossible (n = 0, min > p50 > ... >
 * max out of order, a mean outside [min, max], a negative figure) and a
 * value holding %00 are rejected. Other lines are ignored, except that a
 * human result line ("<id> - <description> : ...") lends its description
 * to the record of the same id that follows it.
 */
#ifndef RTBH_RECORD_PARSER_H
#define RTBH_RECORD_PARSER_H

#include <stddef.h>
#include <stdint.h>

#include "run.h"

/* What one record_parser_feed() call did. */
enum record_event {
    RECORD_NONE = 0, /* not a record (ignored) */
    RECORD_HEADER,   /* H: a new run is open: runs[n_runs-1] (== open_run) */
    RECORD_METRIC,   /* R/N/F: last_metric appended to open_run */
    RECORD_HIST,     /* G: buckets of last_metric's histogram; `hist_done` when it is whole */
    RECORD_SAMPLES,  /* S: a chunk of last_metric's samples (whole: `samples_done`, later) */
    RECORD_END,      /* E: `closed` (the run just ended; complete or not) */
    RECORD_REJECTED, /* a record line was rejected: `rejected` says why */
    RECORD_DUPLICATE /* a repeated identical record, ignored: `rejected` says so */
};

struct run_check; /* record_parser.c: what the open run has received */

struct record_parser {
    unsigned long line; /* lines fed so far */
    struct run **runs;  /* every run started, in order (owned) */
    size_t n_runs;
    struct run *open_run; /* the open run (H seen, no E yet), or NULL */
    struct run *closed;   /* set by the feed that closed a run (E, or a new H, a record of
                             another run, record_parser_finish); NULL otherwise */
    struct metric *last_metric;
    int hist_done;               /* set by the G record that completed last_metric's histogram */
    struct metric *samples_done; /* set by the feed after the last S record of a metric whose
                                    samples are whole and checked (any record, or finish) */
    char *samples_note;          /* set by a feed that refused a metric's samples for want of a
                                    chunk, while its own line was accepted: that one line */
    struct issue_list issues;    /* rejected and repeated record lines */
    const struct parse_issue *issue; /* the one of the last feed (REJECTED, DUPLICATE) */
    unsigned long records;           /* valid records accepted, all runs */
    /* private */
    struct parse_issue last;
    struct run_check *check;
    int skipping; /* 1: after an invalid header (silently); 2: after a record of another run */
    /* buffers reused from line to line (grown, never shrunk), CAP bytes each */
    char *human_id, *human_desc; /* the last human line's id and description, "" if none */
    size_t human_id_cap, human_desc_cap;
    size_t g_after; /* 1 + the open run's metric whose R, G or S record was the last record
                       line (G and S records must follow their R), or 0 */
    size_t s_open;  /* 1 + the open run's metric whose S records may arrive, or 0 */
    char *prev;     /* the previous record line, for repeated lines */
    size_t prev_len, prev_cap;
    char *body; /* the record being read, split into its fields */
    size_t body_cap;
};

void record_parser_init(struct record_parser *p);
/* Feed one line (a trailing "\n" or "\r\n" is ignored). */
enum record_event record_parser_feed(struct record_parser *p, const char *line, size_t len);
/* A line too long to be read (lines.h): counted, and rejected with its length. */
enum record_event record_parser_long_line(struct record_parser *p, unsigned long long len);
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
/* rtb_crc32() from a byte table: the same CRC, faster. */
uint32_t record_crc32(uint32_t crc, const void *data, size_t len);

/* ---- record_human.c ---- */

/* A human result line "<id> - <description> : ...": 1 with the id and the
 * description (at most 200 bytes) found in LINE, else 0. */
int record_human_line(const char *line, size_t len, const char **id, size_t *id_len,
                      const char **desc, size_t *desc_len);

/* ---- record_fields.c: the fields of one record ---- */

struct field {
    char *key, *value;
};
#define RECORD_MAX_FIELDS 64

/* Splits "k=v k=v" (in place, values unescaped) into F; -1 with a reason. */
int record_split_fields(char *s, struct field *f, size_t *nf, const char **why);
/* The value of KEY, or NULL. */
const char *record_field(const struct field *f, size_t nf, const char *key);
/* An R, N or F record's result into *m (id excluded; reason allocated).
 * 0, or -1 with the reason it is refused in *why (static storage) and
 * *kind (ISSUE_MALFORMED or ISSUE_INVALID). */
int record_result(char type, const struct field *f, size_t nf, double ns_per_unit, struct metric *m,
                  const char **why, enum issue_kind *kind);
/* NULL if a header's fields are valid, else why not (static storage). */
const char *record_header_invalid(const struct field *f, size_t nf);

#endif /* RTBH_RECORD_PARSER_H */
