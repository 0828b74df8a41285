/*
 * rtbench host - the in-memory run (struct run), shared by the parsers, the
 * database layer and every subcommand.
 */
#ifndef RTBH_RUN_H
#define RTBH_RUN_H

#include <stddef.h>
#include <stdint.h>

struct kv {
    char *key, *value;
};

/* Most metrics one run may hold (docs/reliability.md): a header announcing
 * more is invalid, and the records (or log rows) beyond it are refused. */
#define RTBH_MAX_METRICS 100000u

/* Most parse issues kept in full per stream; the others are only counted. */
#define RTBH_MAX_ISSUES 100u

/* Artifact flags on a metric (bit set); names in artifact.c: artifact_name(). */
enum metric_flag {
    MF_UNDERFLOW =
        1u << 0, /* counter underflow / wrap (value near 2^32/N or 2^64/N, or ns vs clock) */
    MF_OUTLIER =
        1u << 1, /* gross outlier vs siblings in the run or the same metric in other runs */
    MF_NOSCHED = 1u << 2,    /* taken without the scheduling policy it needed */
    MF_CLAMPED = 1u << 3,    /* target clamped samples at zero after overhead subtraction */
    MF_SATURATED = 1u << 4,  /* target saturated samples */
    MF_MEAN_ONLY = 1u << 5,  /* only a mean is known (imported log): no percentiles */
    MF_CONSTANT = 1u << 6,   /* every timed figure of the run is one value: no counter ran */
    MF_UNRESOLVED = 1u << 7, /* every sample below one count of the tool's declared resolution */
    MF_INFLATED = 1u << 8    /* mean pulled far above p50 by rare long windows, siblings not */
};

enum metric_state { MS_OK = 0, MS_NA = 1, MS_FAILED = 2 };

/* The same metric's statistics in a second unit, measured in the same run
 * beside the run's own (`model-cycles`: the cycle model's estimate of core
 * cycles under QEMU, docs/cycle-model.md). Never replaces the run's figures. */
struct metric_stats {
    char *unit; /* "model-cycles" */
    uint64_t n;
    double mean, sd;
    uint64_t min, max, p50, p90, p99, p999;
};
#define UNIT_MODEL_CYCLES "model-cycles"

/* A histogram of a result's samples (G records, docs/records.md): `n`
 * buckets of `width` from `lo`, in the metric's unit; the last bucket also
 * counts every sample above it. */
struct hist {
    uint64_t lo, width;
    size_t n;
    uint64_t *count;    /* n counts */
    unsigned char *got; /* while G records arrive: which buckets did (else NULL) */
};

/* The samples of a result (S records, docs/records.md), ascending, in the
 * metric's unit; `want` is the R record's n. While S records arrive `closed`
 * is 0; once whole and checked against the result's figures, 1. */
struct samples {
    uint64_t *v;
    size_t n, cap;
    uint64_t want;
    int closed;
};

struct metric {
    char *id;
    char *desc; /* may be NULL */
    enum metric_state state;
    char *reason;   /* n/a reason or failure name; NULL if none */
    int err;        /* failure code */
    unsigned flags; /* enum metric_flag */
    int has_pct;    /* min/max/percentiles/sd known */
    uint64_t n;
    double mean, sd; /* in the run's unit */
    uint64_t min, max, p50, p90, p99, p999;
    double mean_ns; /* as printed by the source when it gave one, else derived; <0 unknown */
    /* A value metric (a count, score or rate: R record's unit=) has its own unit
     * and no ns figure; NULL for a latency in the run's unit. */
    char *unit;
    int higher_better; /* better=higher: larger figures are better (throughput, score) */
    struct kv *extra;  /* further figures of the result (R record keys rtbench does not know) */
    size_t n_extra;
    /* The same metric measured in other units (model-cycles: metric_unit), or NULL. */
    struct metric_stats *other_units;
    size_t n_other_units;
    size_t hist_want;        /* buckets the R record announced (hist=), 0 if none */
    struct hist *hist;       /* the histogram, NULL if none (or not all of it arrived) */
    struct samples *samples; /* every sample, NULL if none (or refused) */
    int samples_refused;     /* S records arrived but were refused (said once) */
};

/* 1 if m is a value metric (its own unit, not a time in the run's unit). */
static inline int metric_is_value(const struct metric *m)
{
    return m->unit != NULL;
}

enum run_status { RUN_COMPLETE = 0, RUN_INCOMPLETE = 1 };

struct run {
    int64_t id;    /* database id, 0 when not stored */
    char *uuid;    /* its id in every database (runs.uuid), NULL when not loaded from one */
    char *label;   /* may be NULL */
    char *source;  /* "host", "qemu:mps2-an385", "cmd:...", "import:<file>" */
    char *origin;  /* what the run was read from: the name of the importer that parsed it
                      ("rtbench" for a live run too, "zephyr"); stored as runs.format */
    char *created; /* ISO-8601 UTC */
    char *host;    /* machine that ran or imported it */
    enum run_status status;
    char *status_detail; /* "timeout after 60 s", "killed by signal 11", "no end record", ... */
    struct kv *hdr;      /* header keys as received (rtbench H record) or derived */
    size_t n_hdr;
    /* What was measured, as the user or rtbench named it (--meta KEY=VALUE, the
     * kernel tree's revision, the build options' hash: host/meta.h), in order. */
    struct kv *meta;
    size_t n_meta;
    struct metric *m;
    size_t n_m;
    /* Derived from the header for convenience. */
    char *unit;         /* "cycles", "insns", "ns" */
    double ns_per_unit; /* <= 0 when unknown */
    /* private: run_find_metric's index of m[0..n_indexed-1] by id */
    struct idmap *index;
    size_t n_indexed;
};

/* Why a line of a log was rejected by a parser. */
enum issue_kind {
    ISSUE_CHECKSUM,       /* a record whose CRC does not match */
    ISSUE_MALFORMED,      /* a record frame or field that does not parse */
    ISSUE_UNKNOWN_TYPE,   /* a record type this reader does not know */
    ISSUE_OUTSIDE_RUN,    /* a record before any header, or of a run whose header was lost */
    ISSUE_INVALID_HEADER, /* a header whose clock makes no sense: its run is skipped */
    ISSUE_INVALID,        /* a record whose values are impossible (min > max, n = 0, ...) */
    ISSUE_CONFLICT,       /* a second, different record for a result already received */
    ISSUE_TOO_LONG,       /* a line longer than RTBH_LINE_MAX (lines.h) */
    ISSUE_TOO_MANY,       /* a metric beyond RTBH_MAX_METRICS */
    ISSUE_DUPLICATE       /* a repeated identical line, ignored: a note, not a rejection */
};

struct parse_issue {
    unsigned long line; /* 1-based line number in the stream */
    enum issue_kind kind;
    char *msg; /* "checksum mismatch, skipped", "malformed record: ..., skipped", ... */
};

/* Issues of one stream: the first RTBH_MAX_ISSUES in full, all of them counted. */
struct issue_list {
    struct parse_issue *v;
    size_t n;               /* kept in v */
    unsigned long total;    /* all issues, kept or not */
    unsigned long rejected; /* those that are not ISSUE_DUPLICATE */
};
/* Adds an issue (MSG is taken over, freed if not kept). */
void issues_add(struct issue_list *l, unsigned long line, enum issue_kind kind, char *msg);
void issues_free(struct issue_list *l);

const char *run_hdr(const struct run *r, const char *key); /* NULL if absent */
void run_hdr_set(struct run *r, const char *key, const char *value);
/* run_hdr_set() of the value FMT formats. */
void run_hdr_setf(struct run *r, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The counter's clock HZ (> 0; else nothing): header `hz` (whole Hz) and
 * `hz_source` SOURCE ("given", "derived", ...), and the run's ns per unit. */
void run_set_clock(struct run *r, double hz, const char *source);
/* The run's meta KEY, or NULL; set (replacing) KEY. */
const char *run_meta(const struct run *r, const char *key);
void run_meta_set(struct run *r, const char *key, const char *value);
struct metric *run_add_metric(struct run *r, const char *id);
struct metric *run_find_metric(const struct run *r, const char *id);
/* Adds (or replaces) the extra figure KEY of metric m. */
void metric_extra_set(struct metric *m, const char *key, const char *value);
/* The extra figure KEY of metric m, or NULL. */
const char *metric_extra(const struct metric *m, const char *key);
/* Frees what m owns (not m itself) and zeroes it. */
void metric_free(struct metric *m);
/* The statistics of M in UNIT, or NULL when it has none. */
const struct metric_stats *metric_unit(const struct metric *m, const char *unit);
/* Those statistics, created (zeroed, unit set) if M had none in UNIT. */
struct metric_stats *metric_unit_add(struct metric *m, const char *unit);
/* Whether a metric of R has statistics in UNIT. */
int run_has_unit(const struct run *r, const char *unit);
/* VIEW: R with the statistics of each metric in UNIT in place of its own (for a
 * writer's table); a metric without them is n/a with the reason WHY_NONE. The
 * view shares R's strings: free it with run_unit_view_free, never run_free. */
void run_unit_view(const struct run *r, const char *unit, const char *why_none, struct run *view);
void run_unit_view_free(struct run *view);
/* Gives metric m an empty histogram of N buckets of WIDTH from LO (replacing any). */
struct hist *metric_hist_new(struct metric *m, uint64_t lo, uint64_t width, size_t n);
/* 1 if m has a histogram with every bucket known. */
int metric_hist_complete(const struct metric *m);
void metric_hist_free(struct metric *m);
void run_free(struct run *r);
/* run_free() and free() of a heap-allocated run (NULL: nothing). */
void run_delete(struct run *r);
/* Frees N heap-allocated runs (NULL entries skipped) and the array. */
void runs_free(struct run **runs, size_t n);
/* Sets created (now, ISO-8601 UTC) and host (this machine) where still NULL. */
void run_stamp(struct run *r);

#endif /* RTBH_RUN_H */
