/*
 * rtbench host - the tools run before a target (target/build_tool.h).
 */
#define _GNU_SOURCE
#include "target/build_tool.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

extern char **environ;

#define BUILD_TREE_UP 4 /* the executable's directory and the 3 above it */
/* An installed rtbench's images and plugin, beside PREFIX/bin (CMakeLists.txt) */
#define INSTALLED_DIR "lib/rtbench"

char *tool_find(const char *prog)
{
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        const char *e = strchr(path, ':');
        size_t l = e ? (size_t)(e - path) : strlen(path);
        char *cand = xasprintf("%.*s/%s", (int)l, l ? path : ".", prog);
        if (access(cand, X_OK) == 0)
            return cand;
        free(cand);
        path += l;
        if (*path == ':')
            path++;
    }
    return NULL;
}

/* An installed rtbench, EXE = PREFIX/bin/rtbench: PREFIX/lib/rtbench into
 * DIR (PATH_MAX bytes) if it holds the images; else false. */
static int installed_dir(const char *exe, char *dir)
{
    char *images;
    snprintf(dir, PATH_MAX, "%s", exe);
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(dir, '/');
        if (!slash)
            return 0;
        *slash = '\0';
    }
    size_t l = strlen(dir);
    snprintf(dir + l, PATH_MAX - l, "/%s", INSTALLED_DIR);
    images = xasprintf("%s/cortex-m", dir);
    int found = access(images, X_OK) == 0;
    free(images);
    return found;
}

/* Whether DIR is a build tree (else an installed rtbench's: nothing to build). */
static int is_build_tree(const char *dir)
{
    char *cache = xasprintf("%s/CMakeCache.txt", dir);
    int found = access(cache, R_OK) == 0;
    free(cache);
    return found;
}

int tool_build_dir(char *dir, char *err, size_t errlen)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return errf(err, errlen,
                    "cannot find the build tree of this rtbench (/proc/self/exe unreadable)");
    exe[n] = '\0';
    snprintf(dir, PATH_MAX, "%s", exe);
    for (int up = 0; up < BUILD_TREE_UP; up++) {
        char *slash = strrchr(dir, '/');
        if (!slash || slash == dir)
            break;
        *slash = '\0';
        if (is_build_tree(dir))
            return 0;
    }
    if (installed_dir(exe, dir))
        return 0;
    return errf(err, errlen,
                "cannot find the build tree of this rtbench (no CMakeCache.txt in the "
                "directory of %s or the %d above it, nor the ../%s/cortex-m of an installed one)",
                exe, BUILD_TREE_UP - 1, INSTALLED_DIR);
}

/* A temporary file, already unlinked, for a tool's output; -1 if none. */
static int temp_file(void)
{
    const char *tmp = getenv("TMPDIR");
    char *tmpl = xasprintf("%s/rtbench-build.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(tmpl);
    if (fd >= 0)
        unlink(tmpl);
    free(tmpl);
    return fd;
}

int tool_run(char *const argv[], int live, int *kept, char *err, size_t errlen)
{
    int log = live ? -1 : temp_file();
    *kept = -1;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, log >= 0 ? log : STDERR_FILENO, STDOUT_FILENO);
    if (log >= 0)
        posix_spawn_file_actions_adddup2(&fa, log, STDERR_FILENO);
    fflush(NULL);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    int st = 0;
    while (rc == 0 && waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            rc = errno;
    if (rc != 0) {
        if (log >= 0)
            close(log);
        return errf(err, errlen, "cannot run %s: %s", argv[0], strerror(rc));
    }
    if (log >= 0 && lseek(log, 0, SEEK_SET) == 0)
        *kept = log;
    else if (log >= 0)
        close(log);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 256;
}

void tool_show(int kept)
{
    char buf[4096];
    ssize_t n;
    fflush(stderr);
    if (kept >= 0 && lseek(kept, 0, SEEK_SET) == 0)
        while ((n = read(kept, buf, sizeof buf)) > 0)
            if (write(STDERR_FILENO, buf, (size_t)n) != n)
                break;
}

/* KEPT as a stream from its start (a descriptor of its own); NULL if not. */
static FILE *kept_stream(int kept)
{
    int fd = kept >= 0 ? dup(kept) : -1;
    FILE *f = fd >= 0 && lseek(fd, 0, SEEK_SET) == 0 ? fdopen(fd, "r") : NULL;
    if (!f && fd >= 0)
        close(fd);
    return f;
}

/* Appends LINE (trimmed of its line end and leading spaces) to BUF. */
static void append_words(char *buf, size_t len, const char *line)
{
    size_t l = strlen(buf), n;
    line += strspn(line, " \t");
    n = strcspn(line, "\r\n");
    char text[512];
    printable_copy(text, sizeof text, line, n);
    if (n)
        snprintf(buf + l, len - l, "%s%s", l ? " " : "", text);
}

void tool_cmake_error(int kept, char *buf, size_t len)
{
    FILE *f = kept_stream(kept);
    char *line = NULL;
    size_t cap = 0;
    int in = 0;
    buf[0] = '\0';
    while (f && getline(&line, &cap, f) > 0) {
        if (!in && strncmp(line, "CMake Error", 11) == 0)
            in = 1;
        else if (in && line[0] == ' ')
            append_words(buf, len, line);
        else if (in && buf[0])
            break;
    }
    free(line);
    if (f)
        fclose(f);
}

void tool_first_line(int kept, char *buf, size_t len)
{
    FILE *f = kept_stream(kept);
    char *line = NULL;
    size_t cap = 0;
    buf[0] = '\0';
    while (f && !buf[0] && getline(&line, &cap, f) > 0)
        append_words(buf, len, line);
    free(line);
    if (f)
        fclose(f);
}

int tool_cmake_build(const char *dir, const char *target, const char *what, char *err,
                     size_t errlen)
{
    if (!is_build_tree(dir))
        return 0; /* installed: the images were installed with it */
    char *cmake = tool_find("cmake");
    if (!cmake)
        return errf(err, errlen, "cmake not found on PATH (apt-get install cmake): %s failed",
                    what);
    char *argv[] = {cmake,          "--build", (char *)dir, target ? "--target" : NULL,
                    (char *)target, NULL};
    int kept;
    int st = tool_run(argv, isatty(STDERR_FILENO), &kept, err, errlen);
    free(cmake);
    if (st == 0 || st < 0) {
        if (kept >= 0)
            close(kept);
        return st;
    }
    char why[400];
    tool_show(kept);
    tool_cmake_error(kept, why, sizeof why);
    if (kept >= 0)
        close(kept);
    return errf(err, errlen, "%s failed (cmake --build %s%s%s)%s%s", what, dir,
                target ? " --target " : "", target ? target : "", why[0] ? ": " : "", why);
}
