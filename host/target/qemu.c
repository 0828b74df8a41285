/*
 * rtbench host - `--target qemu:BOARD`: a Cortex-M image under qemu-system-arm.
 *
 * The image is <build>/cortex-m/rtbench-<board>.elf, where <build> is the
 * CMake build tree that holds this rtbench executable (the nearest directory
 * upwards with a CMakeCache.txt). Before every run the images are brought
 * up to date with `cmake --build <build> --target cortex-m-images` (an argv,
 * no shell; a no-op takes a few seconds), so an edit of the kernel or the
 * benchmarks is never run stale. The build's output goes to stderr: live
 * when stderr is a terminal, else kept and shown only if the build fails. The run's options reach
 * the image through the semihosting command line (-append); with icount (the default) QEMU runs
 * with -icount shift=10,sleep=off, so the figures are deterministic guest
 * instruction counts. The header gets ram, rom (bytes, from the ELF's
 * section headers), ram_sections and rom_sections (the sections they sum,
 * "name:bytes,...") and icount (the shift, or "off").
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "target/build_tool.h"
#include "target/target.h"
#include "util.h"

/* The emulated boards: RTB_BOARDS_TABLE, generated from boards/<board>/board.cmake,
 * with each board's sample limit (RTB_CONFIG_MAX_SAMPLES of its images). */
#include "rtb_boards.h"

#define ICOUNT_SHIFT 10
/* The image reads the command line into 512 bytes (arch/cortex-m/cmdline.c),
 * after QEMU's copy of the image path. */
#define MAX_APPEND 240

static const struct qemu_board {
    const char *name, *machine, *isa;
    unsigned max_samples;
} boards[] = {RTB_BOARDS_TABLE};

/* The table's row of `board`, or NULL when rtbench knows no such board. */
static const struct qemu_board *board_find(const char *board)
{
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++)
        if (strcmp(board, boards[b].name) == 0)
            return &boards[b];
    return NULL;
}

/* The QEMU machine of `board`, or NULL when rtbench knows no such board. */
static const char *board_machine(const char *board)
{
    const struct qemu_board *b = board_find(board);
    return b ? b->machine : NULL;
}

const char *target_qemu_board_isa(const char *board)
{
    const struct qemu_board *b = board_find(board);
    return b ? b->isa : NULL;
}

int target_qemu_elf_size(const char *path, uint64_t *rom, uint64_t *ram, char *err, size_t errlen);

/* ROM and RAM of an image, and the sections that make them up. */
struct elf_layout {
    uint64_t rom, ram;
    char rom_sections[256], ram_sections[256]; /* ".text:42980,.data:152" */
};

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t rd16(const unsigned char *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

/* Section header I of F (40 bytes at SHOFF + I * SHENTSIZE) into SH. */
static int read_shdr(FILE *f, uint32_t shoff, uint16_t shentsize, uint16_t i, unsigned char *sh)
{
    return fseek(f, (long)shoff + (long)i * shentsize, SEEK_SET) == 0 && fread(sh, 1, 40, f) == 40
               ? 0
               : -1;
}

/* The name of a section (NAME_OFF into the string table at STR_OFF, STR_SIZE
 * bytes) into buf; "?" when it cannot be read. */
static void section_name(FILE *f, uint32_t str_off, uint32_t str_size, uint32_t name_off, char *buf,
                         size_t len)
{
    snprintf(buf, len, "?");
    if (name_off >= str_size || fseek(f, (long)str_off + (long)name_off, SEEK_SET) != 0)
        return;
    size_t n = 0;
    int c;
    while (n + 1 < len && (c = fgetc(f)) != EOF && c != '\0')
        buf[n++] = c > 0x20 && c < 0x7f && c != ',' && c != ':' ? (char)c : '?';
    buf[n] = '\0';
}

static void list_add(char *list, size_t len, const char *name, uint32_t size)
{
    size_t l = strlen(list);
    snprintf(list + l, len - l, "%s%s:%u", l ? "," : "", name, (unsigned)size);
}

/* The ELF header's section table: offset, entry size, count, string table index. */
static int elf_header(FILE *f, const char *path, uint32_t *shoff, uint16_t *shentsize,
                      uint16_t *shnum, uint16_t *shstrndx, char *err, size_t errlen)
{
    unsigned char eh[52];
    if (fread(eh, 1, sizeof eh, f) != sizeof eh)
        return errf(err, errlen, "%s: too short for an ELF header", path);
    if (memcmp(eh, "\177ELF", 4) != 0 || eh[4] != 1 /* ELFCLASS32 */ ||
        eh[5] != 1 /* little endian */)
        return errf(err, errlen, "%s: not a 32-bit little-endian ELF file", path);
    if (rd16(eh + 18) != 40 /* EM_ARM */)
        return errf(err, errlen, "%s: not an Arm ELF image (e_machine %u)", path, rd16(eh + 18));
    *shoff = rd32(eh + 32);
    *shentsize = rd16(eh + 46);
    *shnum = rd16(eh + 48);
    *shstrndx = rd16(eh + 50);
    if (*shoff == 0 || *shnum == 0 || *shentsize < 40)
        return errf(err, errlen, "%s: no section headers", path);
    return 0;
}

/*
 * ROM and RAM of an ELF32 little-endian Arm image from its section headers
 * (read here, no binutils): rom = the allocated sections with contents in the
 * file (SHF_ALLOC and not SHT_NOBITS: code and read-only data, exception
 * tables, the initial values of .data); ram = the allocated writable ones
 * (SHF_ALLOC and SHF_WRITE: .data, .bss with the kernel heap and the thread
 * stacks, the main stack). 0 or -1 with a message.
 */
static int elf_layout(const char *path, struct elf_layout *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f)
        return errf(err, errlen, "cannot open %s: %s", path, strerror(errno));
    uint32_t shoff = 0, str_off = 0, str_size = 0;
    uint16_t shentsize = 0, shnum = 0, shstrndx = 0;
    unsigned char sh[40];
    int rc = elf_header(f, path, &shoff, &shentsize, &shnum, &shstrndx, err, errlen);
    if (rc == 0 && shstrndx < shnum && read_shdr(f, shoff, shentsize, shstrndx, sh) == 0) {
        str_off = rd32(sh + 16);
        str_size = rd32(sh + 20);
    }
    for (uint16_t i = 0; rc == 0 && i < shnum; i++) {
        if (read_shdr(f, shoff, shentsize, i, sh) != 0) {
            rc = errf(err, errlen, "%s: section header %u is past the end of the file", path, i);
            break;
        }
        uint32_t type = rd32(sh + 4), flags = rd32(sh + 8), size = rd32(sh + 20);
        char name[40];
        if (!(flags & 0x2u) || size == 0) /* SHF_ALLOC */
            continue;
        section_name(f, str_off, str_size, rd32(sh), name, sizeof name);
        if (type != 8u) { /* SHT_NOBITS has no bytes in the image */
            out->rom += size;
            list_add(out->rom_sections, sizeof out->rom_sections, name, size);
        }
        if (flags & 0x1u) { /* SHF_WRITE */
            out->ram += size;
            list_add(out->ram_sections, sizeof out->ram_sections, name, size);
        }
    }
    fclose(f);
    return rc;
}

int target_qemu_elf_size(const char *path, uint64_t *rom, uint64_t *ram, char *err, size_t errlen)
{
    struct elf_layout l;
    if (elf_layout(path, &l, err, errlen) != 0)
        return -1;
    *rom = l.rom;
    *ram = l.ram;
    return 0;
}

/* 1 if BOARD is one of the real boards (RTB_BOARDS_REAL, "a, b"). */
static int real_board(const char *board)
{
    size_t l = strlen(board);
    for (const char *p = RTB_BOARDS_REAL; *p; p += strspn(p, ", ")) {
        size_t n = strcspn(p, ", ");
        if (n == l && strncmp(p, board, l) == 0)
            return 1;
        p += n;
    }
    return 0;
}

/* The image's command line (-append): the run's options. */
static int image_cmdline(char *append, size_t len, const struct target_options *opt, char *err,
                         size_t errlen)
{
    append[0] = '\0';
    if (opt->filter)
        snprintf(append, len, "--filter %s", opt->filter);
    if (opt->iterations) {
        size_t l = strlen(append);
        snprintf(append + l, len - l, "%s--iterations %u", l ? " " : "", opt->iterations);
    }
    if (opt->params) {
        size_t l = strlen(append);
        snprintf(append + l, len - l, "%s--params %s", l ? " " : "", opt->params);
    }
    if (opt->samples) {
        size_t l = strlen(append);
        snprintf(append + l, len - l, "%s--samples", l ? " " : "");
    }
    if (strlen(append) > MAX_APPEND)
        return errf(err, errlen,
                    "--filter and --params are too long for the QEMU command line (%zu "
                    "characters, at most %d)",
                    strlen(append), MAX_APPEND);
    return 0;
}

int target_qemu_check(const char *board, const struct target_options *opt, char *err, size_t errlen)
{
    const struct qemu_board *b = board_find(board);
    if (!b && real_board(board))
        return errf(err, errlen,
                    "%s is a real board that QEMU cannot run: flash cortex-m/rtbench-%s.hex of "
                    "the build tree and use --target serial:DEVICE (docs/ports/boards.md)",
                    board, board);
    if (!b)
        return errf(err, errlen, "unknown QEMU board '%s' (boards: %s)", board, RTB_BOARDS_NAMES);
    if (opt->filter && (strpbrk(opt->filter, " \t\r\n\"") || !*opt->filter))
        return errf(err, errlen,
                    "--filter '%s' cannot be passed to a QEMU image (no spaces or quotes)",
                    opt->filter);
    if (opt->params && (strpbrk(opt->params, " \t\r\n\"") || !*opt->params))
        return errf(err, errlen,
                    "--params '%s' cannot be passed to a QEMU image (no spaces or quotes)",
                    opt->params);
    if (opt->iterations > b->max_samples)
        return errf(err, errlen,
                    "--iterations %u is more than a QEMU image of %s keeps samples for (%u, "
                    "RTB_CONFIG_MAX_SAMPLES)",
                    opt->iterations, board, b->max_samples);
    char append[2 * MAX_APPEND + 64];
    return image_cmdline(append, sizeof append, opt, err, errlen);
}

/* OUT's argv (QEMU, taken) and its extra header keys (rom, ram, the sections
 * they sum, icount). */
static void qemu_command(struct target_cmd *out, char *qemu, const char *board, char *elf,
                         const char *append, int icount, const struct elf_layout *mem)
{
    size_t n = 0;
    strv_push(&out->argv, &n, qemu);
    const char *fixed[] = {"-M",
                           board_machine(board),
                           "-display",
                           "none",
                           "-serial",
                           "stdio",
                           "-monitor",
                           "none",
                           "-semihosting-config",
                           "enable=on,target=native",
                           NULL};
    for (const char **a = fixed; *a; a++)
        strv_push(&out->argv, &n, xstrdup(*a));
    if (icount) {
        strv_push(&out->argv, &n, xstrdup("-icount"));
        strv_push(&out->argv, &n, xasprintf("shift=%d,sleep=off", ICOUNT_SHIFT));
    }
    /* QEMU runs in the image's folder and is given its file name: QEMU puts the
     * -kernel argument first in the semihosting command line, and the
     * instructions the image spends reading it move the phase of everything
     * after (the counter's rounding, where a tick lands), so the same image
     * must see the same line from any checkout. */
    strv_push(&out->argv, &n, xstrdup("-kernel"));
    const char *base = path_base(elf);
    if (base != elf) {
        out->cwd = base == elf + 1 ? xstrdup("/") : xstrndup(elf, (size_t)(base - 1 - elf));
        strv_push(&out->argv, &n, xstrdup(base));
        free(elf);
    } else {
        strv_push(&out->argv, &n, elf);
    }
    if (append[0]) {
        strv_push(&out->argv, &n, xstrdup("-append"));
        strv_push(&out->argv, &n, xstrdup(append));
    }
    out->source = xasprintf("qemu:%s", board);

    size_t k = 0;
    strv_push(&out->extra_hdr, &k, xstrdup("rom"));
    strv_push(&out->extra_hdr, &k, xasprintf("%llu", (unsigned long long)mem->rom));
    strv_push(&out->extra_hdr, &k, xstrdup("ram"));
    strv_push(&out->extra_hdr, &k, xasprintf("%llu", (unsigned long long)mem->ram));
    strv_push(&out->extra_hdr, &k, xstrdup("rom_sections"));
    strv_push(&out->extra_hdr, &k, xstrdup(mem->rom_sections));
    strv_push(&out->extra_hdr, &k, xstrdup("ram_sections"));
    strv_push(&out->extra_hdr, &k, xstrdup(mem->ram_sections));
    strv_push(&out->extra_hdr, &k, xstrdup("icount"));
    strv_push(&out->extra_hdr, &k, icount ? xasprintf("%d", ICOUNT_SHIFT) : xstrdup("off"));
}

/* Image NAME in the build tree DIR, which must exist; NULL with a message. */
static char *built_image(const char *dir, const char *name, char *err, size_t errlen)
{
    struct stat st;
    char *elf = xasprintf("%s/cortex-m/%s.elf", dir, name);
    if (stat(elf, &st) == 0)
        return elf;
    errf(err, errlen, "%s was not built (the reference kernel port ports/refk/port.c missing?)",
         elf);
    free(elf);
    return NULL;
}

/* The image for BOARD in the build tree of this rtbench, brought up to
 * date unless NO_BUILD; NULL with a message. */
static char *fresh_image(const char *board, int no_build, char *err, size_t errlen)
{
    char dir[PATH_MAX], name[128];
    /* Always the incremental build: a stale image would run silently. */
    if (tool_build_dir(dir, err, errlen) != 0 ||
        (!no_build && tool_cmake_build(dir, "cortex-m-images", "building the Cortex-M images", err,
                                       errlen) != 0))
        return NULL;
    snprintf(name, sizeof name, "rtbench-%s", board);
    return built_image(dir, name, err, errlen);
}

int target_qemu_resolve_elf(const char *board, const char *elf, const struct target_options *opt,
                            struct target_cmd *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    char append[2 * MAX_APPEND + 64];
    struct elf_layout mem;
    if (target_qemu_check(board, opt, err, errlen) != 0 ||
        image_cmdline(append, sizeof append, opt, err, errlen) != 0 ||
        elf_layout(elf, &mem, err, errlen) != 0)
        return -1;
    char *qemu = tool_find("qemu-system-arm");
    if (!qemu)
        return errf(err, errlen, "qemu-system-arm not found: apt-get install qemu-system-arm");
    qemu_command(out, qemu, board, xstrdup(elf), append, opt->icount, &mem);
    return 0;
}

int target_qemu_resolve(const char *board, const struct target_options *opt, struct target_cmd *out,
                        char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (target_qemu_check(board, opt, err, errlen) != 0)
        return -1;
    char *qemu = tool_find("qemu-system-arm"); /* before a build that would be in vain */
    free(qemu);
    if (!qemu)
        return errf(err, errlen, "qemu-system-arm not found: apt-get install qemu-system-arm");
    char *elf = fresh_image(board, opt->no_build, err, errlen);
    if (!elf)
        return -1;
    int rc = target_qemu_resolve_elf(board, elf, opt, out, err, errlen);
    free(elf);
    return rc;
}

static int qemu_resolve(const char *rest, const struct target_options *opt, struct target_cmd *out,
                        char *err, size_t errlen)
{
    if (!*rest)
        return errf(err, errlen, "--target qemu: needs a board (qemu:mps2-an385)");
    return target_qemu_resolve(rest, opt, out, err, errlen);
}

const struct target_type target_type_qemu = {
    "qemu:", "qemu:BOARD", "a Cortex-M image under QEMU (the boards: docs/ports/boards.md)",
    0,       qemu_resolve,
};

/* The cycle-model plugin: $RTBENCH_CYCLE_PLUGIN, else the one built in DIR. */
static char *cycle_plugin(const char *dir, char *err, size_t errlen)
{
    const char *env = getenv("RTBENCH_CYCLE_PLUGIN");
    char *path = env && *env ? xstrdup(env) : xasprintf("%s/librtbench-cycle-model.so", dir);
    if (access(path, R_OK) == 0)
        return path;
    errf(err, errlen, "cycle-model plugin %s not found (build it: make)", path);
    free(path);
    return NULL;
}

/* MARKED: QEMU on ELF with the plugin, as qemu_command builds it. */
static void cycle_command(struct target_cmd *marked, char *qemu, const char *board, char *elf,
                          const char *append, char *plugin, const struct cycle_target *ct)
{
    size_t n = 0;
    struct elf_layout none = {0, 0, "", ""}; /* its header is not stored */
    qemu_command(marked, qemu, board, xstrdup(elf), append, 1, &none);
    while (marked->argv[n])
        n++;
    strv_push(&marked->argv, &n, xstrdup("-plugin"));
    strv_push(&marked->argv, &n,
              xasprintf("%s,%s,elf=%s,out=%s", plugin, ct->plugin_args, elf, ct->result_path));
    /* the plugin's own messages (why it refused to load) into the log */
    strv_push(&marked->argv, &n, xstrdup("-d"));
    strv_push(&marked->argv, &n, xstrdup("plugin"));
    strv_push(&marked->argv, &n, xstrdup("-D"));
    strv_push(&marked->argv, &n, xstrdup(ct->plugin_log));
    marked->stderr_path = xstrdup(ct->stderr_log);
    free(plugin);
}

int target_qemu_resolve_cycle(const char *board, const struct target_options *opt,
                              const struct cycle_target *ct, struct target_cmd *plain,
                              struct target_cmd *marked, const char **isa, char *err, size_t errlen)
{
    char dir[PATH_MAX], name[128], append[MAX_APPEND + 64], target[160];
    char *plugin = NULL, *elf = NULL, *cm_elf = NULL, *qemu = NULL;
    struct elf_layout mem;
    memset(plain, 0, sizeof *plain);
    memset(marked, 0, sizeof *marked);
    if (target_qemu_check(board, opt, err, errlen) != 0 ||
        image_cmdline(append, sizeof append, opt, err, errlen) != 0 ||
        tool_build_dir(dir, err, errlen) != 0 || !(plugin = cycle_plugin(dir, err, errlen)))
        return -1;
    *isa = target_qemu_board_isa(board);
    qemu = tool_find("qemu-system-arm");
    snprintf(target, sizeof target, "cortex-m-cycle-image-%s", board);
    snprintf(name, sizeof name, "rtbench-%s", board);
    if (!qemu)
        errf(err, errlen, "qemu-system-arm not found: apt-get install qemu-system-arm");
    else if (tool_cmake_build(dir, target, "building the Cortex-M images", err, errlen) == 0 &&
             (elf = built_image(dir, name, err, errlen)) != NULL &&
             elf_layout(elf, &mem, err, errlen) == 0) {
        snprintf(name, sizeof name, "rtbench-%s-cm", board);
        cm_elf = built_image(dir, name, err, errlen);
    }
    if (!cm_elf) {
        free(qemu);
        free(elf);
        free(plugin);
        return -1;
    }
    cycle_command(marked, xstrdup(qemu), board, cm_elf, append, plugin, ct);
    free(cm_elf);
    qemu_command(plain, qemu, board, elf, append, 1, &mem);
    return 0;
}
