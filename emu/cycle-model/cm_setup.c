/*
 * The cycle-model plugin's set-up (cm_setup.h).
 */
#include "cm_setup.h"

#include "cm_elf.h"
#include "rtb/cycle_mark_block.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EXTRA_HANDLERS 64

/* The arguments as given, before the model and the image are set up. */
struct cm_args {
    const struct cm_core *core;
    const char *elf_path, *pick;
    uint32_t ws, p, muls, vtor, nvec, marks;
    bool have_vtor, have_marks, have_p;
    uint32_t extra[MAX_EXTRA_HANDLERS]; /* handler=ADDR */
    unsigned n_extra;
};

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static void add_handler(struct cm_setup *s, uint32_t addr)
{
    addr &= ~1u;
    for (unsigned i = 0; i < s->n_handlers; i++)
        if (s->handlers[i] == addr)
            return;
    if (s->n_handlers < CM_MAX_HANDLERS)
        s->handlers[s->n_handlers++] = addr;
}

bool cm_setup_is_handler(const struct cm_setup *s, uint32_t addr)
{
    for (unsigned i = 0; i < s->n_handlers; i++)
        if (s->handlers[i] == addr)
            return true;
    return false;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void handler_symbol(const char *name, uint32_t value, void *ctx)
{
    if (strcmp(name, "Reset_Handler") == 0 || strcmp(name, "reset_handler") == 0)
        return;
    if (ends_with(name, "_Handler") || ends_with(name, "_IRQHandler") ||
        ends_with(name, "_handler"))
        add_handler(ctx, value);
}

/* Boot vector table at vtor: entries 2.. (reset excluded), bounded by nvec. */
static void read_vectors(struct cm_setup *s, const struct cm_elf *e, uint32_t vtor, unsigned nvec)
{
    for (unsigned i = 2; i < nvec; i++) {
        uint32_t w;
        if (!cm_elf_word(e, vtor + 4 * i, &w))
            break;
        if (w == 0)
            continue;
        if (!(w & 1) || !cm_elf_is_code(e, w & ~1u)) {
            if (i >= 16)
                break; /* past the end of the table */
            continue;
        }
        add_handler(s, w);
    }
}

static int parse_u32(const char *s, uint32_t *v)
{
    char *end;
    unsigned long x = strtoul(s, &end, 0);
    if (*s == '\0' || *end != '\0' || x > 0xffffffffUL)
        return -1;
    *v = (uint32_t)x;
    return 0;
}

static bool is_key(const char *key, size_t k, const char *name)
{
    return k == strlen(name) && strncmp(key, name, k) == 0;
}

/* One argument KEY=VALUE: 0, or -1 with the message in err. */
static int parse_arg(struct cm_setup *s, struct cm_args *a, const char *arg, char *err,
                     size_t errlen)
{
    const char *eq = strchr(arg, '=');
    const char *v = eq ? eq + 1 : "";
    size_t k = eq ? (size_t)(eq - arg) : strlen(arg);
    int bad = 0;
    if (is_key(arg, k, "core")) {
        a->core = cm_core_find(v);
        if (!a->core)
            return fail(err, errlen, "unknown core '%s' (known: %s)", v, cm_core_names());
    } else if (is_key(arg, k, "ws")) {
        bad = parse_u32(v, &a->ws) || a->ws > 15;
    } else if (is_key(arg, k, "p")) {
        bad = parse_u32(v, &a->p) || a->p < 1 || a->p > 3;
        a->have_p = true;
    } else if (is_key(arg, k, "muls")) {
        bad = parse_u32(v, &a->muls) || (a->muls != 1 && a->muls != 32);
    } else if (is_key(arg, k, "range")) {
        a->pick = v;
        bad = strcmp(v, "min") && strcmp(v, "mid") && strcmp(v, "max");
    } else if (is_key(arg, k, "elf")) {
        a->elf_path = v;
    } else if (is_key(arg, k, "vtor")) {
        bad = parse_u32(v, &a->vtor);
        a->have_vtor = true;
    } else if (is_key(arg, k, "nvec")) {
        bad = parse_u32(v, &a->nvec) || a->nvec < 16 || a->nvec > 512;
    } else if (is_key(arg, k, "marks")) {
        bad = parse_u32(v, &a->marks);
        a->have_marks = true;
    } else if (is_key(arg, k, "handler")) {
        bad = parse_u32(v, &a->extra[a->n_extra]) || a->n_extra >= MAX_EXTRA_HANDLERS - 1;
        a->n_extra += !bad;
    } else if (is_key(arg, k, "profile")) {
        s->profile = strcmp(v, "1") == 0 || strcmp(v, "on") == 0;
        bad = !s->profile && strcmp(v, "0") && strcmp(v, "off");
    } else if (is_key(arg, k, "out")) {
        snprintf(s->out_path, sizeof s->out_path, "%s", v);
    } else {
        return fail(err, errlen, "unknown argument '%s'", arg);
    }
    return bad ? fail(err, errlen, "bad value in '%s'", arg) : 0;
}

/* The model the arguments ask for. */
static void set_model(struct cm_model *m, const struct cm_args *a)
{
    cm_model_init(m, a->core);
    m->ws = a->ws;
    m->muls = a->muls;
    if (a->have_p) {
        m->p = a->p;
        m->p_align = false; /* a fixed P, as given */
    }
    if (a->pick)
        m->pick = a->pick[1] == 'i' ? (a->pick[2] == 'n' ? CM_PICK_MIN : CM_PICK_MID) : CM_PICK_MAX;
}

/* The handlers and the mark block of the image a->elf_path: 0, or -1. */
static int read_image(struct cm_setup *s, struct cm_args *a, char *err, size_t errlen)
{
    struct cm_elf e;
    if (cm_elf_open(&e, a->elf_path, err, errlen) != 0)
        return -1;
    read_vectors(s, &e, a->have_vtor ? a->vtor : e.lowest_load, a->nvec);
    cm_elf_functions(&e, handler_symbol, s);
    if (!a->have_marks && cm_elf_symbol(&e, RTB_CMARK_SYMBOL, &a->marks))
        a->have_marks = true;
    cm_elf_close(&e);
    return 0;
}

int cm_setup(struct cm_setup *s, int argc, char **argv, char *err, size_t errlen)
{
    struct cm_args a = {.core = cm_core_find("cortex-m3"), .muls = 1, .nvec = 16 + 480};
    for (int i = 0; i < argc; i++)
        if (parse_arg(s, &a, argv[i], err, errlen) != 0)
            return -1;
    set_model(&s->model, &a);
    for (unsigned i = 0; i < a.n_extra; i++)
        add_handler(s, a.extra[i]);
    if (a.elf_path && read_image(s, &a, err, errlen) != 0)
        return -1;
    s->marks_base = a.marks;
    s->marks_set = a.have_marks;
    return 0;
}
