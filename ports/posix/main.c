/*
 * rtbench - the POSIX target program:
 *   rtbench-posix [--filter GLOBS] [--iterations N] [--warmup N] [--params LIST]
 *                 [--tm-period S] [--samples] [--list] [--help]
 * Sets up the port (pinning, SCHED_FIFO, mlockall, DMA latency) and the timer,
 * then runs rtb_main() in a thread at RTB_PRIO_MAIN. Records go to stdout.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "posix_port.h"
#include "rtb/bench.h"
#include "rtb/port.h"
#include "rtb/tm_period.h"

static const char usage[] =
    "usage: rtbench-posix [--filter GLOBS] [--iterations N] [--warmup N] [--params LIST]\n"
    "                     [--tm-period S] [--samples] [--list] [--help]\n"
    "  --filter GLOBS    comma-separated id globs, '-' excludes (default \"" RTB_CONFIG_FILTER
    "\")\n"
    "  --iterations N    measured iterations per benchmark, 1..%u (default %u)\n"
    "  --warmup N        iterations run first and discarded (default %u)\n"
    "  --params LIST     run-time parameters of the families, key=value,key=value\n"
    "  --tm-period S     Thread-Metric's period in seconds (0.001..2000; tm_period_ms)\n"
    "  --samples         also send every sample of each result (S records)\n"
    "  --list            print the catalog and exit\n"
    "  --help            this text\n";

static int bad(const char *msg, const char *arg)
{
    fprintf(stderr, "rtbench-posix: %s%s%s (try --help)\n", msg, arg ? ": " : "", arg ? arg : "");
    return 2;
}

/* 1 if the filter selects at least one catalog entry. */
static int filter_selects_any(const char *filter)
{
    unsigned i;

    for (i = 0; i < rtb_catalog_len; i++)
        if (rtb_filter_match(filter, rtb_catalog[i].id))
            return 1;
    return 0;
}

/* A decimal number in [lo, hi]; 0 on success. */
static int parse_u32(const char *s, uint32_t lo, uint32_t hi, uint32_t *out)
{
    char *end;
    unsigned long long v;

    if (s == NULL || *s < '0' || *s > '9')
        return -1;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0' || v < lo || v > hi)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* --tm-period S: tm_period_ms put in front of the run's parameters. */
static int merge_tm_period(struct rtb_run_config *cfg, const char *seconds)
{
    static char buf[4096];
    uint32_t ms;

    if (rtb_tm_period_ms(seconds, &ms) != 0)
        return bad("--tm-period wants seconds from 0.001 to 2000 (at most 3 decimals)", seconds);
    if (rtb_tm_period_params(cfg->params, ms, buf, sizeof buf) != 0)
        return bad("--tm-period and --params tm_period_ms give the period twice (or --params is "
                   "too long)",
                   seconds);
    cfg->params = buf;
    return 0;
}

/* RTB_POSIX_TEST_SLOW_GIVE=PCT (test only, posix_port.h): 0, or 2 when malformed. */
static int read_slow_give(void)
{
    const char *v = getenv("RTB_POSIX_TEST_SLOW_GIVE");
    uint32_t pct;

    if (v == NULL || *v == '\0')
        return 0;
    if (parse_u32(v, 0, 1000, &pct) != 0)
        return bad("RTB_POSIX_TEST_SLOW_GIVE wants a percentage from 0 to 1000", v);
    rtb_posix_slow_give_pct = pct;
    return 0;
}

static int run_main(void *arg)
{
    return rtb_main(arg);
}

/* The command line into *cfg (and the --tm-period text into *tm_period):
 * -1 to go on, else the exit status (0 after --help, 2 on a bad option). */
static int parse_args(int argc, char **argv, struct rtb_run_config *cfg, const char **tm_period)
{
    static const struct option opts[] = {
        {"filter", required_argument, NULL, 'f'},
        {"iterations", required_argument, NULL, 'i'},
        {"warmup", required_argument, NULL, 'w'},
        {"params", required_argument, NULL, 'p'},
        {"tm-period", required_argument, NULL, 'P'},
        {"samples", no_argument, NULL, 's'},
        {"list", no_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c;

    opterr = 0; /* our own one-line messages */
    while ((c = getopt_long(argc, argv, ":f:i:w:p:slh", opts, NULL)) != -1) {
        switch (c) {
        case 'f':
            if (optarg[0] == '\0')
                return bad("empty --filter", NULL);
            cfg->filter = optarg;
            break;
        case 'i':
            if (parse_u32(optarg, 1, RTB_CONFIG_MAX_SAMPLES, &cfg->iterations) != 0) {
                char msg[64];

                snprintf(msg, sizeof msg, "--iterations wants a number from 1 to %u",
                         (unsigned)RTB_CONFIG_MAX_SAMPLES);
                return bad(msg, optarg);
            }
            break;
        case 'w':
            if (parse_u32(optarg, 0, 1000000u, &cfg->warmup) != 0)
                return bad("--warmup wants a number from 0 to 1000000", optarg);
            break;
        case 'p':
            if (rtb_params_check(optarg) != 0)
                return bad("--params wants key=value pairs separated by commas", optarg);
            cfg->params = optarg;
            break;
        case 'P':
            *tm_period = optarg;
            break;
        case 's':
            cfg->samples = 1;
            break;
        case 'l':
            cfg->list_only = 1;
            break;
        case 'h':
            printf(usage, (unsigned)RTB_CONFIG_MAX_SAMPLES, (unsigned)RTB_CONFIG_ITERATIONS,
                   (unsigned)RTB_CONFIG_WARMUP);
            return 0;
        case ':':
            return bad("missing value for", argv[optind - 1]);
        default:
            if (optopt != 0) {
                char opt[3] = {'-', (char)optopt, '\0'};

                return bad("unknown option", opt);
            }
            return bad("unknown option", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return bad("unexpected argument", argv[optind]);
    return -1;
}

int main(int argc, char **argv)
{
    struct rtb_run_config cfg;
    const char *tm_period = NULL;
    int err;

    memset(&cfg, 0, sizeof cfg);
    cfg.warmup = UINT32_MAX;
    err = parse_args(argc, argv, &cfg, &tm_period);
    if (err >= 0)
        return err;
    if (tm_period != NULL && merge_tm_period(&cfg, tm_period) != 0)
        return 2;
    if (read_slow_give() != 0)
        return 2;
    rtb_posix_test_hold = getenv("RTB_POSIX_TEST_HOLD"); /* test only: posix_port.h */
    if (rtb_posix_test_hold != NULL && *rtb_posix_test_hold == '\0')
        rtb_posix_test_hold = NULL;
    if (cfg.filter != NULL && !cfg.list_only && !filter_selects_any(cfg.filter))
        return bad("--filter selects no benchmark (see --list)", cfg.filter);

    if (!cfg.list_only) {
        err = rtb_posix_init();
        if (err != 0) {
            fprintf(stderr, "rtbench-posix: cannot set up the port: %s\n", rtb_strerror(err));
            return 1;
        }
    }
    err = rtb_timer_init();
    if (err != 0) {
        fprintf(stderr, "rtbench-posix: cannot start the timer: %s\n", rtb_strerror(err));
        return 1;
    }
    err = cfg.list_only ? rtb_main(&cfg) : rtb_posix_run_at(RTB_PRIO_MAIN, run_main, &cfg);
    if (err != 0)
        fprintf(stderr, "rtbench-posix: run ended with error %s (%d)\n", rtb_strerror(err), err);
    rtb_port_exit(err == 0 ? 0 : 1);
    return 1;
}
