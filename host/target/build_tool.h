/*
 * rtbench host - the tools `rtbench run` starts before a target (cmake, tar):
 * found on PATH, started with posix_spawn (an argv, never a shell), their
 * output on stderr live or kept and shown only when they fail; and the build
 * tree that holds this rtbench (target/build_tool.c).
 */
#ifndef RTBH_BUILD_TOOL_H
#define RTBH_BUILD_TOOL_H

#include <stddef.h>

/* Full path of PROG found on $PATH, or NULL. */
char *tool_find(const char *prog);

/* The CMake build tree holding this rtbench (its directory or the nearest of
 * the 3 above it with a CMakeCache.txt) into DIR (PATH_MAX bytes); for an
 * installed rtbench (PREFIX/bin/rtbench, `cmake --install`) with no build tree
 * around it, PREFIX/lib/rtbench, where its images (cortex-m/) and the
 * cycle-model plugin are, laid out as in the build tree. 0, or -1 with a
 * message. */
int tool_build_dir(char *dir, char *err, size_t errlen);

/* Runs ARGV (ARGV[0] a path), stdin /dev/null, its stdout and stderr to
 * stderr when LIVE, else into a temporary file: *KEPT gets its descriptor,
 * rewound (close it), or -1 when LIVE. Returns its exit status (0 success,
 * 1-255, 256 killed by a signal), or -1 with a message when it cannot be
 * started or waited for (*KEPT then -1). */
int tool_run(char *const argv[], int live, int *kept, char *err, size_t errlen);

/* Copies what a tool printed (KEPT, from tool_run) to stderr. */
void tool_show(int kept);

/* The first "CMake Error" of what cmake printed (KEPT): its message text
 * (the indented lines under it, joined by spaces) into BUF; "" if none. */
void tool_cmake_error(int kept, char *buf, size_t len);

/* The first non-empty line of KEPT into BUF (printable; "" if none). */
void tool_first_line(int kept, char *buf, size_t len);

/* `cmake --build DIR [--target TARGET]` (TARGET NULL: the default; nothing
 * to do where DIR is an installed rtbench's PREFIX/lib/rtbench), its
 * output as tool_run with LIVE when stderr is a terminal, shown on failure.
 * WHAT names it in the messages ("building the Cortex-M images"). 0, or -1
 * with "WHAT failed (cmake --build ...)" (and the first CMake error's text). */
int tool_cmake_build(const char *dir, const char *target, const char *what, char *err,
                     size_t errlen);

#endif /* RTBH_BUILD_TOOL_H */
