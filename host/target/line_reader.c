/*
 * rtbench host - a target's byte stream into lines for its target_line_fn
 * (target/internal.h: struct line_reader), copied to its --log as it is read.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "target/internal.h"
#include "util.h"

static void on_split_line(void *ctx, const char *line, size_t len, unsigned long lineno)
{
    struct line_reader *lr = ctx;
    (void)lineno;
    if (!lr->end->lines++)
        printable_copy(lr->end->first_line, sizeof lr->end->first_line, line, len);
    lr->complete = lr->on_line(lr->ctx, line, len);
}

static void on_split_long(void *ctx, unsigned long lineno, unsigned long long len)
{
    struct line_reader *lr = ctx;
    (void)lineno;
    lr->end->lines++;
    lr->complete = lr->on_line(lr->ctx, NULL, len > SIZE_MAX ? SIZE_MAX : (size_t)len);
}

void line_reader_init(struct line_reader *lr, target_line_fn on_line, void *ctx,
                      struct target_ending *end)
{
    memset(lr, 0, sizeof *lr);
    lr->on_line = on_line;
    lr->ctx = ctx;
    lr->end = end;
    line_splitter_init(&lr->split, on_split_line, on_split_long, lr);
}

/* BUF (N bytes) to the log, whole; the first failure is kept and ends the log. */
static void log_write(struct target_log *log, const char *buf, size_t n)
{
    while (n && !log->error) {
        ssize_t w = write(log->fd, buf, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            log->error = w < 0 ? errno : EIO;
            break;
        }
        buf += w;
        n -= (size_t)w;
    }
}

void line_reader_feed(struct line_reader *lr, const char *buf, size_t n)
{
    if (lr->log)
        log_write(lr->log, buf, n);
    line_splitter_feed(&lr->split, buf, n);
}

ssize_t line_reader_read(struct line_reader *lr, int fd)
{
    char buf[4096];
    ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0)
        line_reader_feed(lr, buf, (size_t)n);
    return n;
}

void line_reader_finish(struct line_reader *lr)
{
    line_splitter_finish(&lr->split);
}

void line_reader_free(struct line_reader *lr)
{
    line_splitter_free(&lr->split);
}
