/*
 * rtbench Cortex-M: run-time options from the semihosting command line
 * (QEMU: -append "--filter calib.* --iterations 100"). See rtb_cm_board.h.
 */
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/error.h"
#include "rtb_cm_board.h"
#include "semihost.h"

/* QEMU puts the image path first: room for a long path and the options. */
static char cmdline[512];

static int streq(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

/* "--name" or "--name=value": 1 if `word` is option `name`; *inline_val is
 * set to the text after '=' (or NULL). */
static int is_opt(const char *word, const char *name, const char **inline_val)
{
    while (*name && *word == *name) {
        word++;
        name++;
    }
    if (*name)
        return 0;
    if (*word == '=') {
        *inline_val = word + 1;
        return 1;
    }
    if (*word == '\0') {
        *inline_val = 0;
        return 1;
    }
    return 0;
}

static int parse_u32(const char *s, uint32_t *out)
{
    uint32_t v = 0;
    if (!s || !*s)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        if (v > (UINT32_MAX - 9u) / 10u)
            return -1;
        v = v * 10u + (uint32_t)(*s - '0');
    }
    *out = v;
    return 0;
}

static int bad(const char *what, const char *word)
{
    rtb_cm_console_puts("rtbench: bad command line: ");
    rtb_cm_console_puts(what);
    rtb_cm_console_puts(" '");
    rtb_cm_console_puts(word ? word : "");
    rtb_cm_console_puts(
        "' (options: --filter GLOBS --iterations N --warmup N --params LIST --samples --list)\n");
    return RTB_ERR_INVAL;
}

/* "--iterations must be from 1 to <RTB_CONFIG_MAX_SAMPLES>, got" */
static const char *iterations_range(void)
{
    static char msg[64] = "--iterations must be from 1 to ";
    char digits[10], *p = msg;
    uint32_t v = RTB_CONFIG_MAX_SAMPLES;
    int n = 0;
    while (*p)
        p++;
    do {
        digits[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n)
        *p++ = digits[--n];
    p[0] = ',';
    p[1] = ' ';
    p[2] = 'g';
    p[3] = 'o';
    p[4] = 't';
    p[5] = '\0';
    return msg;
}

/* The line split into words by rtb_cm_cmdline_fetch(), before main(). */
static char *words[32];
static int nwords;
static int fetch_err;    /* 0, or 1: semihosting gave no line, 2: too many words */
static char *extra_word; /* the first word that did not fit */

void rtb_cm_cmdline_fetch(void)
{
    char *p = cmdline;

    if (rtb_cm_semihost_cmdline(cmdline, sizeof cmdline) < 0) {
        fetch_err = 1;
        return;
    }
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            *p++ = '\0';
        if (!*p)
            break;
        if (nwords == (int)(sizeof words / sizeof words[0])) {
            fetch_err = 2;
            extra_word = p;
            return;
        }
        words[nwords++] = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
            p++;
    }
}

int rtb_cm_cmdline(struct rtb_run_config *cfg)
{
    int n = nwords, i, seen_opt = 0;

    cfg->filter = 0;
    cfg->iterations = 0;
    cfg->warmup = UINT32_MAX;
    cfg->list_only = 0;
    cfg->params = 0;
    cfg->samples = 0;
    if (fetch_err == 1) {
        rtb_cm_console_puts("rtbench: bad command line: semihosting could not return it "
                            "(longer than 511 bytes?)\n");
        return RTB_ERR_INVAL;
    }
    if (fetch_err == 2)
        return bad("too many words", extra_word);

    for (i = 0; i < n; i++) {
        const char *w = words[i], *val = 0;
        if (w[0] != '-' || w[1] != '-') {
            if (!seen_opt)
                continue; /* the image path QEMU puts first */
            return bad("unexpected word", w);
        }
        seen_opt = 1;
        if (is_opt(w, "--filter", &val)) {
            if (!val && (val = (i + 1 < n) ? words[++i] : 0) == 0)
                return bad("missing value for", w);
            if (!*val)
                return bad("empty value for", w);
            cfg->filter = val;
        } else if (is_opt(w, "--iterations", &val)) {
            if (!val)
                val = (i + 1 < n) ? words[++i] : 0;
            if (parse_u32(val, &cfg->iterations) != 0 || cfg->iterations == 0 ||
                cfg->iterations > RTB_CONFIG_MAX_SAMPLES)
                return bad(iterations_range(), val);
        } else if (is_opt(w, "--warmup", &val)) {
            if (!val)
                val = (i + 1 < n) ? words[++i] : 0;
            if (parse_u32(val, &cfg->warmup) != 0 || cfg->warmup == UINT32_MAX)
                return bad("--warmup needs a number, got", val);
        } else if (is_opt(w, "--params", &val)) {
            if (!val && (val = (i + 1 < n) ? words[++i] : 0) == 0)
                return bad("missing value for", w);
            cfg->params = val; /* its form is checked by rtb_main() */
        } else if (streq(w, "--list")) {
            cfg->list_only = 1;
        } else if (streq(w, "--samples")) {
            cfg->samples = 1;
        } else {
            return bad("unknown option", w);
        }
    }
    return 0;
}
