/*
 * rtbench host - `rtbench run --target qemu:BOARD --kernel NAME=TREE`
 * (target/target.h): a real kernel's check application built and its images listed.
 *
 * The application is <apps>/NAME/app/ (CMakeLists.txt, boards.txt), where
 * <apps> is $RTBENCH_KERNEL_APPS, else the ports/ folder of the rtbench
 * source tree (CMAKE_HOME_DIRECTORY of the build tree's CMakeCache.txt).
 * TREE is a directory or an archive that tar unpacks once into
 * <build>/kernels/src/<archive name without extension>/ (first into a
 * temporary folder, renamed when whole, with a stamp of the archive's path,
 * size and mtime: reused while they are the same); the kernel tree is its single
 * top folder. The application is configured in <build>/kernels/NAME-BOARD/
 * when that folder is not configured yet for this tree and board, then
 * built (cmake --build); its rtbench-images.txt lists the images to run.
 * Every tool is an argv (posix_spawn), never a shell.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "target/build_tool.h"
#include "target/target.h"
#include "util.h"

#define STAMP ".rtbench-unpacked" /* in an unpacked archive's folder: its path, size, mtime */
#define IMAGES_FILE "rtbench-images.txt"
#define RM_FDS 16 /* descriptors nftw may hold while removing a tree */

static const char *const archive_ext[] = {".tar.xz", ".tar.gz", ".tgz", ".tar"};

/* The value of KEY in the CMake cache CACHE ("KEY:TYPE=VALUE"), or NULL. */
static char *cache_value(const char *cache, const char *key)
{
    FILE *f = fopen(cache, "r");
    char *line = NULL, *value = NULL;
    size_t cap = 0, kl = strlen(key);
    ssize_t n;
    while (f && !value && (n = getline(&line, &cap, f)) > 0) {
        char *eq = strchr(line, '=');
        if (strncmp(line, key, kl) != 0 || (line[kl] != ':' && line[kl] != '=') || !eq)
            continue;
        line[strcspn(line, "\r\n")] = '\0';
        value = xstrdup(eq + 1);
    }
    free(line);
    if (f)
        fclose(f);
    return value;
}

/* The folder holding <NAME>/app/ into APPS (PATH_MAX bytes). */
static int apps_dir(const char *build, char *apps, char *err, size_t errlen)
{
    const char *env = getenv("RTBENCH_KERNEL_APPS");
    if (env && *env) {
        snprintf(apps, PATH_MAX, "%s", env);
        return 0;
    }
    char *cache = xasprintf("%s/CMakeCache.txt", build);
    char *home = cache_value(cache, "CMAKE_HOME_DIRECTORY");
    if (home)
        snprintf(apps, PATH_MAX, "%s/ports", home);
    else
        errf(err, errlen, "%s names no CMAKE_HOME_DIRECTORY: cannot find the check applications",
             cache);
    free(cache);
    free(home);
    return home ? 0 : -1;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The kernels with a check application in APPS, sorted, space-separated. */
static char *known_kernels(const char *apps)
{
    DIR *d = opendir(apps);
    char **v = NULL, *list = xstrdup("");
    size_t n = 0;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        char *cml = xasprintf("%s/%s/app/CMakeLists.txt", apps, e->d_name);
        if (e->d_name[0] != '.' && access(cml, R_OK) == 0)
            strv_push(&v, &n, xstrdup(e->d_name));
        free(cml);
    }
    if (d)
        closedir(d);
    if (n)
        qsort(v, n, sizeof *v, by_name);
    for (size_t i = 0; i < n; i++) {
        char *l = xasprintf("%s%s%s", list, i ? " " : "", v[i]);
        free(list);
        free(v[i]);
        list = l;
    }
    free(v);
    return list;
}

/* 1 if BOARD is a line of BOARDS_TXT (its boards, '#' comments), else 0;
 * *LIST gets them space-separated ("" if the file cannot be read). */
static int board_listed(const char *boards_txt, const char *board, char **list)
{
    FILE *f = fopen(boards_txt, "r");
    char *line = NULL;
    size_t cap = 0;
    int found = 0;
    *list = xstrdup("");
    while (f && getline(&line, &cap, f) > 0) {
        char *b = line + strspn(line, " \t");
        b[strcspn(b, "#\r\n")] = '\0';
        size_t l = strcspn(b, " \t");
        b[l] = '\0';
        if (!l)
            continue;
        found |= strcmp(b, board) == 0;
        char *nl = xasprintf("%s%s%s", *list, **list ? " " : "", b);
        free(*list);
        *list = nl;
    }
    free(line);
    if (f)
        fclose(f);
    return found;
}

/* NAME's application folder (APP, PATH_MAX bytes) and BOARD in its
 * boards.txt; 0, or -1 with a message. */
static int find_app(const char *build, const char *name, const char *board, char *app, char *err,
                    size_t errlen)
{
    char apps[PATH_MAX];
    if (apps_dir(build, apps, err, errlen) != 0)
        return -1;
    int l = snprintf(app, PATH_MAX, "%s/%s/app", apps, name);
    if (l < 0 || l >= PATH_MAX)
        return errf(err, errlen, "--kernel %s: the path of its check application is too long",
                    name);
    char *cml = xasprintf("%s/CMakeLists.txt", app), *list = NULL;
    int rc = 0;
    if (strchr(name, '/') || access(cml, R_OK) != 0) {
        list = known_kernels(apps);
        rc = errf(err, errlen, "--kernel: no check application for '%s' (known: %s)", name,
                  *list ? list : "none");
    } else {
        char *txt = xasprintf("%s/boards.txt", app);
        if (!board_listed(txt, board, &list))
            rc = errf(err, errlen,
                      "--kernel %s: board '%s' is not supported by its check application "
                      "(boards: %s)",
                      name, board, *list ? list : "none");
        free(txt);
    }
    free(cml);
    free(list);
    return rc;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path) == 0 || errno == ENOENT ? 0 : -1;
}

/* Removes PATH and all below it (never following a symbolic link); 0 when
 * it is gone. */
static int rm_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    return nftw(path, rm_one, RM_FDS, FTW_DEPTH | FTW_PHYS);
}

/* The only entry of DIR but STAMP, which must be a folder, into TOP
 * (PATH_MAX bytes); 0, or -1 with a message about ARCHIVE. */
static int single_top(const char *dir, const char *archive, char *top, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d)
        return errf(err, errlen, "cannot read %s: %s", dir, strerror(errno));
    size_t n = 0;
    int folder = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, STAMP))
            continue;
        struct stat st;
        snprintf(top, PATH_MAX, "%s/%s", dir, e->d_name);
        folder = lstat(top, &st) == 0 && S_ISDIR(st.st_mode);
        n++;
    }
    closedir(d);
    if (n == 1 && folder)
        return 0;
    if (n == 1)
        return errf(err, errlen, "%s holds one file, not a folder (the kernel tree)", archive);
    return errf(err, errlen, "%s holds %zu top-level entries, not one folder (the kernel tree)",
                archive, n);
}

/* The stamp of ARCHIVE (status ST): its path, size and modification time. */
static char *stamp_of(const char *archive, const struct stat *st)
{
    return xasprintf("archive=%s size=%lld mtime=%lld.%09ld\n", archive, (long long)st->st_size,
                     (long long)st->st_mtim.tv_sec, (long)st->st_mtim.tv_nsec);
}

/* 1 if DEST holds a whole unpack of the archive STAMP describes. */
static int stamp_matches(const char *dest, const char *stamp)
{
    char *path = xasprintf("%s/%s", dest, STAMP), buf[PATH_MAX + 128] = "";
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    buf[n] = '\0';
    if (f)
        fclose(f);
    free(path);
    return strcmp(buf, stamp) == 0;
}

/* Makes the folder PATH unless it exists; 0, or -1 (errno). */
static int mkdir_ok(const char *path)
{
    return mkdir(path, 0777) == 0 || errno == EEXIST ? 0 : -1;
}

/* STAMP written to PATH; 0, or -1 (errno). */
static int write_stamp(const char *path, const char *stamp)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    int ok = fputs(stamp, f) >= 0;
    return fclose(f) == 0 && ok ? 0 : -1;
}

/* tar -xf ARCHIVE into the empty folder TMP; 0, or -1 with a message. */
static int untar(const char *archive, const char *tmp, char *err, size_t errlen)
{
    char *tar = tool_find("tar");
    if (!tar)
        return errf(err, errlen, "tar not found on PATH: cannot unpack %s", archive);
    char *argv[] = {tar, "-xf", (char *)archive, "-C", (char *)tmp, "--no-same-owner", NULL};
    int kept, st = tool_run(argv, 0, &kept, err, errlen);
    free(tar);
    if (st > 0) {
        char why[300];
        tool_first_line(kept, why, sizeof why);
        errf(err, errlen, "cannot unpack %s (tar exit status %d)%s%s", archive, st,
             why[0] ? ": " : "", why);
    }
    if (kept >= 0)
        close(kept);
    return st == 0 ? 0 : -1;
}

/* ARCHIVE (status ST, extension EXT) unpacked into SRC/<base>/ unless it is
 * already; its top folder into TREE (PATH_MAX bytes). 0, or -1 with a message. */
static int unpack(const char *archive, const struct stat *st, const char *ext, const char *src,
                  char *tree, char *err, size_t errlen)
{
    const char *base = path_base(archive);
    int bl = (int)(strlen(base) - strlen(ext));
    char *dest = xasprintf("%s/%.*s", src, bl, base), *stamp = stamp_of(archive, st);
    char *tmp = xasprintf("%s/.%.*s.unpacking", src, bl, base), *sp = xasprintf("%s/" STAMP, tmp);
    char *kernels = xasprintf("%.*s", (int)(strrchr(src, '/') - src), src);
    int rc = -1;
    if (stamp_matches(dest, stamp)) {
        rc = single_top(dest, archive, tree, err, errlen);
    } else if (rm_tree(tmp) != 0 || mkdir_ok(kernels) != 0 || mkdir_ok(src) != 0 ||
               mkdir(tmp, 0777) != 0) {
        errf(err, errlen, "cannot make %s: %s", tmp, strerror(errno));
    } else if (untar(archive, tmp, err, errlen) == 0 &&
               single_top(tmp, archive, tree, err, errlen) == 0) {
        if (write_stamp(sp, stamp) != 0)
            errf(err, errlen, "cannot write %s: %s", sp, strerror(errno));
        else if (rm_tree(dest) != 0 || rename(tmp, dest) != 0)
            errf(err, errlen, "cannot rename %s to %s: %s", tmp, dest, strerror(errno));
        else
            rc = single_top(dest, archive, tree, err, errlen);
    }
    free(kernels);
    if (rc != 0)
        rm_tree(tmp);
    free(dest);
    free(stamp);
    free(tmp);
    free(sp);
    return rc;
}

/* TREE_ARG as a kernel tree: a directory, or an archive unpacked under
 * <build>/kernels/src; the tree into TREE (PATH_MAX bytes), TREE_ARG made
 * absolute into ABS. 0, or -1 with a message. */
static int kernel_tree(const char *name, const char *tree_arg, const char *build, char *tree,
                       char *abs, char *err, size_t errlen)
{
    struct stat st;
    if (!realpath(tree_arg, abs) || stat(abs, &st) != 0)
        return errf(err, errlen, "--kernel %s: cannot read %s: %s", name, tree_arg,
                    strerror(errno));
    if (S_ISDIR(st.st_mode)) {
        if (access(abs, R_OK | X_OK) != 0)
            return errf(err, errlen, "--kernel %s: cannot read %s: %s", name, tree_arg,
                        strerror(errno));
        snprintf(tree, PATH_MAX, "%s", abs);
        return 0;
    }
    size_t l = strlen(abs);
    for (size_t i = 0; S_ISREG(st.st_mode) && i < sizeof archive_ext / sizeof *archive_ext; i++) {
        size_t el = strlen(archive_ext[i]);
        if (l <= el || strcmp(abs + l - el, archive_ext[i]) != 0 || abs[l - el - 1] == '/')
            continue;
        if (access(abs, R_OK) != 0)
            return errf(err, errlen, "--kernel %s: cannot read %s: %s", name, tree_arg,
                        strerror(errno));
        char *src = xasprintf("%s/kernels/src", build), msg[900];
        int rc = unpack(abs, &st, archive_ext[i], src, tree, msg, sizeof msg);
        free(src);
        return rc == 0 ? 0 : errf(err, errlen, "--kernel %s: %s", name, msg);
    }
    return errf(err, errlen,
                "--kernel %s: %s is neither a folder nor a .tar.xz, .tar.gz, .tgz or .tar file",
                name, tree_arg);
}

/* 1 if the build folder DIR is configured from APP for TREE and BOARD. A
 * folder configured from another application is removed (cmake refuses to
 * reuse it). */
static int configured(const char *dir, const char *app, const char *tree, const char *board)
{
    char *cache = xasprintf("%s/CMakeCache.txt", dir);
    char *home = cache_value(cache, "CMAKE_HOME_DIRECTORY");
    char *kt = cache_value(cache, "KERNEL_TREE"), *b = cache_value(cache, "BOARD");
    char real_home[PATH_MAX], real_app[PATH_MAX];
    int same_app = home && realpath(home, real_home) && realpath(app, real_app) &&
                   strcmp(real_home, real_app) == 0;
    int yes = same_app && kt && b && strcmp(kt, tree) == 0 && strcmp(b, board) == 0;
    if (home && !same_app)
        rm_tree(dir);
    free(cache);
    free(home);
    free(kt);
    free(b);
    return yes;
}

#ifndef RTBH_WERROR
#define RTBH_WERROR 0
#endif

/* cmake -S APP -B DIR -DKERNEL_TREE=TREE -DBOARD=BOARD -DRTB_WERROR=ON|OFF (as
 * this tool was built: on in make test and CI, off in a user's build), its output kept
 * (shown when it fails, or on a terminal); 0, or -1 with a message. */
static int configure(const char *name, const char *app, const char *dir, const char *tree,
                     const char *board, char *err, size_t errlen)
{
    char *cmake = tool_find("cmake");
    if (!cmake)
        return errf(err, errlen,
                    "cmake not found on PATH: cannot build the check application of %s "
                    "(apt-get install cmake)",
                    name);
    char *kt = xasprintf("-DKERNEL_TREE=%s", tree), *b = xasprintf("-DBOARD=%s", board);
    const char *we = RTBH_WERROR ? "-DRTB_WERROR=ON" : "-DRTB_WERROR=OFF";
    char *argv[] = {cmake, "-S", (char *)app, "-B", (char *)dir, kt, b, (char *)we, NULL};
    int kept, st = tool_run(argv, 0, &kept, err, errlen);
    if (st != 0 && kept >= 0) {
        char why[400], *cache = xasprintf("%s/CMakeCache.txt", dir);
        tool_show(kept);
        tool_cmake_error(kept, why, sizeof why);
        unlink(cache); /* configured again next time, not taken as done */
        free(cache);
        errf(err, errlen,
             "--kernel %s: configuring its check application failed%s%s (cmake -S %s -B %s)", name,
             why[0] ? ": " : "", why, app, dir);
    } else if (st == 0 && kept >= 0 && isatty(STDERR_FILENO)) {
        tool_show(kept);
    }
    if (kept >= 0)
        close(kept);
    free(cmake);
    free(kt);
    free(b);
    return st == 0 ? 0 : -1;
}

/* The images of DIR/rtbench-images.txt into OUT (absolute, in order); 0, or
 * -1 with a message. */
static int read_images(const char *name, const char *dir, struct kernel_images *out, char *err,
                       size_t errlen)
{
    char *path = xasprintf("%s/" IMAGES_FILE, dir), *line = NULL;
    FILE *f = fopen(path, "r");
    size_t cap = 0;
    int rc = 0;
    if (!f)
        rc = errf(err, errlen, "--kernel %s: the check application wrote no %s (%s)", name, path,
                  strerror(errno));
    while (rc == 0 && getline(&line, &cap, f) > 0) {
        char *p = line + strspn(line, " \t");
        p[strcspn(p, "\r\n")] = '\0';
        for (size_t l = strlen(p); l && (p[l - 1] == ' ' || p[l - 1] == '\t'); l--)
            p[l - 1] = '\0';
        if (!*p)
            continue;
        char *elf = p[0] == '/' ? xstrdup(p) : xasprintf("%s/%s", dir, p);
        strv_push(&out->elf, &out->n, elf);
        if (access(elf, R_OK) != 0)
            rc = errf(err, errlen, "--kernel %s: image %s listed in %s: %s", name, elf, path,
                      strerror(errno));
    }
    if (rc == 0 && out->n == 0)
        rc = errf(err, errlen, "--kernel %s: %s lists no image", name, path);
    free(line);
    free(path);
    if (f)
        fclose(f);
    return rc;
}

int target_kernel_build(const char *spec, const char *board, const struct target_options *opt,
                        struct kernel_images *out, char *err, size_t errlen)
{
    char build[PATH_MAX], app[PATH_MAX], tree[PATH_MAX], abs[PATH_MAX] = "";
    const char *eq = strchr(spec, '=');
    memset(out, 0, sizeof *out);
    if (!eq || eq == spec || !eq[1])
        return errf(err, errlen,
                    "--kernel wants NAME=TREE (freertos=FreeRTOS-Kernel-V11.1.0.tar.xz), not '%s'",
                    spec);
    char *name = xstrndup(spec, (size_t)(eq - spec)), *dir = NULL, *what = NULL;
    int rc = -1;
    if (tool_build_dir(build, err, errlen) == 0 &&
        find_app(build, name, board, app, err, errlen) == 0 &&
        target_qemu_check(board, opt, err, errlen) == 0 &&
        kernel_tree(name, eq + 1, build, tree, abs, err, errlen) == 0) {
        dir = xasprintf("%s/kernels/%s-%s", build, name, board);
        what = xasprintf("--kernel %s: building its check application", name);
        if ((configured(dir, app, tree, board) ||
             configure(name, app, dir, tree, board, err, errlen) == 0) &&
            tool_cmake_build(dir, NULL, what, err, errlen) == 0 &&
            read_images(name, dir, out, err, errlen) == 0)
            rc = 0;
    }
    out->tree_arg = xstrdup(abs);
    if (rc != 0)
        target_kernel_free(out);
    free(name);
    free(dir);
    free(what);
    return rc;
}

void target_kernel_free(struct kernel_images *k)
{
    for (size_t i = 0; i < k->n; i++)
        free(k->elf[i]);
    free(k->elf);
    free(k->tree_arg);
    memset(k, 0, sizeof *k);
}
