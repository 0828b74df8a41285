/*
 * rtbench host - a serial port served on the network (target/net_port.h): the
 * connection, and for RFC 2217 the Telnet layer - options answered (BINARY
 * both ways, SUPPRESS-GO-AHEAD, COM-PORT-OPTION; any other refused), the
 * line set with SET-BAUDRATE, SET-DATASIZE, SET-PARITY, SET-STOPSIZE and
 * SET-CONTROL and each confirmed by the server's reply (the command + 100),
 * IAC IAC in data read as one 0xFF, IAC in the values sent doubled.
 */
#define _GNU_SOURCE
#include "target/net_port.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "util.h"

enum { SE = 240, SB = 250, WILL = 251, WONT = 252, DO = 253, DONT = 254, IAC = 255 };
enum { OPT_BINARY = 0, OPT_SGA = 3, OPT_COM_PORT = 44 };
/* COM-PORT-OPTION commands (RFC 2217 section 3); the server answers each + 100. */
enum { SET_BAUDRATE = 1, SET_DATASIZE, SET_PARITY, SET_STOPSIZE, SET_CONTROL, SERVER_OFFSET = 100 };
#define ALL_ACKED 0x3eu /* bits 1..5: the five settings */
/* Parser states besides a command byte awaiting its option (WILL ... DONT). */
enum { ST_DATA = 0, ST_IAC = 1, ST_SB = 2, ST_SB_IAC = 3 };

static void send_bytes(struct net_port *p, const unsigned char *b, size_t n)
{
    while (n) { /* a few bytes at a time: the socket's buffer takes them */
        ssize_t w = send(p->fd, b, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return; /* the connection's failure shows on the next read */
        b += w;
        n -= (size_t)w;
    }
}

static void send_option(struct net_port *p, int cmd, int opt)
{
    unsigned char b[3] = {IAC, (unsigned char)cmd, (unsigned char)opt};
    send_bytes(p, b, sizeof b);
}

/* IAC SB COM-PORT-OPTION CMD VALUE IAC SE, an IAC in VALUE doubled. */
static void send_com_port(struct net_port *p, int cmd, const unsigned char *value, size_t n)
{
    unsigned char b[4 + 2 * 4 + 2] = {IAC, SB, OPT_COM_PORT, (unsigned char)cmd};
    size_t len = 4;
    for (size_t i = 0; i < n; i++) {
        if (value[i] == IAC)
            b[len++] = IAC;
        b[len++] = value[i];
    }
    b[len++] = IAC;
    b[len++] = SE;
    send_bytes(p, b, len);
}

/* The server's WILL/WONT/DO/DONT OPT: the ones we take are answered once. */
static void on_option(struct net_port *p, int cmd, int opt)
{
    int ours = opt == OPT_BINARY || opt == OPT_SGA || (p->rfc2217 && opt == OPT_COM_PORT);
    if ((cmd == WONT || cmd == DONT) && opt == OPT_COM_PORT)
        p->refused = 1;
    if (cmd == DO && !p->will[opt]) {
        p->will[opt] = 1;
        send_option(p, ours ? WILL : WONT, opt);
    } else if (cmd == WILL && !p->do_[opt]) {
        p->do_[opt] = 1;
        send_option(p, ours && opt != OPT_COM_PORT ? DO : DONT, opt);
    }
}

/* A complete subnegotiation in p->sb: the server's replies to our settings. */
static void on_subneg(struct net_port *p)
{
    if (p->sb_len < 2 || p->sb[0] != OPT_COM_PORT)
        return;
    int cmd = p->sb[1] - SERVER_OFFSET;
    if (cmd < SET_BAUDRATE || cmd > SET_CONTROL)
        return; /* line and modem state notifications: nothing to do */
    if (cmd == SET_BAUDRATE && p->sb_len >= 6)
        p->baud_set = (unsigned long)p->sb[2] << 24 | (unsigned long)p->sb[3] << 16 |
                      (unsigned long)p->sb[4] << 8 | p->sb[5];
    p->acked |= 1u << cmd;
}

/* Feeds byte C through the Telnet parser: 1 (and *D) a data byte, else 0. */
static int telnet_byte(struct net_port *p, unsigned char c, char *d)
{
    switch (p->state) {
    case ST_DATA:
        if (c != IAC) {
            *d = (char)c;
            return 1;
        }
        p->state = ST_IAC;
        return 0;
    case ST_IAC:
        p->state = ST_DATA;
        if (c == IAC) {
            *d = (char)c;
            return 1;
        }
        if (c >= WILL && c <= DONT)
            p->state = c;
        else if (c == SB) {
            p->state = ST_SB;
            p->sb_len = 0;
        }
        return 0; /* NOP, GA and the like: nothing to do */
    case ST_SB:
        if (c == IAC)
            p->state = ST_SB_IAC;
        else if (p->sb_len < (int)sizeof p->sb)
            p->sb[p->sb_len++] = c;
        return 0;
    case ST_SB_IAC:
        p->state = c == IAC ? ST_SB : ST_DATA;
        if (c == IAC && p->sb_len < (int)sizeof p->sb)
            p->sb[p->sb_len++] = c;
        else if (c == SE)
            on_subneg(p);
        return 0;
    default: /* WILL ... DONT: C is the option */
        on_option(p, p->state, c);
        p->state = ST_DATA;
        return 0;
    }
}

/* One recv() into BUF, the Telnet layer taken out (net_port_read). */
static ssize_t recv_data(struct net_port *p, char *buf, size_t cap, int *eof)
{
    unsigned char raw[4096];
    *eof = 0;
    ssize_t n = recv(p->fd, raw, cap < sizeof raw ? cap : sizeof raw, 0);
    if (n <= 0) {
        *eof = n == 0;
        return n;
    }
    if (!p->rfc2217) {
        memcpy(buf, raw, (size_t)n);
        return n;
    }
    size_t out = 0;
    for (ssize_t i = 0; i < n; i++)
        out += (size_t)telnet_byte(p, raw[i], buf + out);
    return (ssize_t)out;
}

ssize_t net_port_read(struct net_port *p, char *buf, size_t cap, int *eof)
{
    *eof = 0;
    if (!p->npending)
        return recv_data(p, buf, cap, eof);
    size_t n = p->npending < cap ? p->npending : cap; /* what came with the negotiation */
    memcpy(buf, p->pending, n);
    memmove(p->pending, p->pending + n, p->npending - n);
    p->npending -= n;
    return (ssize_t)n;
}

int net_port_busy_line(const char *line, size_t len)
{
    static const char tail[] = "already in use";
    size_t n = sizeof tail - 1;
    while (len && line[len - 1] == '\r')
        len--;
    return len > n + 4 && memcmp(line, "Port", 4) == 0 && memcmp(line + len - n, tail, n) == 0;
}

/* Waits for FD to be EVENTS-ready until DEADLINE: 1 ready, 0 timed out. */
static int wait_fd(int fd, short events, long deadline)
{
    for (;;) {
        long left = deadline - now_ms();
        if (left <= 0)
            return 0;
        struct pollfd pf = {fd, events, 0};
        int r = poll(&pf, 1, (int)left);
        if (r > 0)
            return 1;
        if (r < 0 && errno != EINTR)
            return 0;
    }
}

/* A non-blocking connection to AI within DEADLINE: the socket, or -1 (*ERRNO). */
static int connect_one(const struct addrinfo *ai, long deadline, int *error)
{
    int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0) {
        *error = errno;
        return -1;
    }
    int e = 0;
    socklen_t elen = sizeof e;
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
        if (errno != EINPROGRESS)
            e = errno;
        else if (!wait_fd(fd, POLLOUT, deadline))
            e = ETIMEDOUT;
        else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &elen) != 0)
            e = errno;
    }
    if (e) {
        close(fd);
        *error = e;
        return -1;
    }
    int on = 1;
    setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof on);
    return fd;
}

static int connect_host(struct net_port *p, const char *host, const char *port, char *err,
                        size_t errlen)
{
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *res;
    int g = getaddrinfo(host, port, &hints, &res);
    if (g != 0)
        return errf(err, errlen, "cannot resolve %s (%s)", p->name, gai_strerror(g));
    long deadline = now_ms() + NET_CONNECT_MS;
    int error = 0;
    for (const struct addrinfo *ai = res; ai && p->fd < 0; ai = ai->ai_next)
        p->fd = connect_one(ai, deadline, &error);
    freeaddrinfo(res);
    if (p->fd >= 0)
        return 0;
    if (error == ECONNREFUSED)
        return errf(err, errlen,
                    "connection to %s refused (nothing listens there: is ser2net or the "
                    "exporter running, with this port?)",
                    p->name);
    if (error == ETIMEDOUT)
        return errf(err, errlen, "no answer from %s within %d s (host down or unreachable)",
                    p->name, NET_CONNECT_MS / 1000);
    return errf(err, errlen, "cannot connect to %s: %s", p->name, strerror(error));
}

/* RFC 2217: COM-PORT-OPTION offered, the line set, every reply awaited. */
static int negotiate(struct net_port *p, unsigned baud, char *err, size_t errlen)
{
    p->will[OPT_BINARY] = p->do_[OPT_BINARY] = p->will[OPT_COM_PORT] = 1;
    send_option(p, WILL, OPT_BINARY);
    send_option(p, DO, OPT_BINARY);
    send_option(p, WILL, OPT_COM_PORT);
    unsigned char rate[4] = {(unsigned char)(baud >> 24), (unsigned char)(baud >> 16),
                             (unsigned char)(baud >> 8), (unsigned char)baud};
    const unsigned char eight = 8, none = 1, one = 1, no_flow = 1; /* RFC 2217's values */
    send_com_port(p, SET_BAUDRATE, rate, 4);
    send_com_port(p, SET_DATASIZE, &eight, 1);
    send_com_port(p, SET_PARITY, &none, 1);
    send_com_port(p, SET_STOPSIZE, &one, 1);
    send_com_port(p, SET_CONTROL, &no_flow, 1);
    long deadline = now_ms() + NET_CONNECT_MS;
    while (p->acked != ALL_ACKED && !p->refused) {
        char buf[4096];
        int eof;
        ssize_t n = wait_fd(p->fd, POLLIN, deadline) ? recv_data(p, buf, sizeof buf, &eof) : -2;
        if (n > 0) {
            p->pending = xrealloc(p->pending, p->npending + (size_t)n);
            memcpy(p->pending + p->npending, buf, (size_t)n);
            p->npending += (size_t)n;
        } else if (n == -2) {
            return errf(err, errlen, "%s did not answer the RFC 2217 settings within %d s", p->name,
                        NET_CONNECT_MS / 1000);
        } else if (eof || (n < 0 && errno != EINTR && errno != EAGAIN)) {
            size_t len = p->npending;
            while (len && (p->pending[len - 1] == '\n' || p->pending[len - 1] == '\r'))
                len--;
            const char *last = len ? memrchr(p->pending, '\n', len) : NULL;
            last = last ? last + 1 : p->pending;
            if (len && net_port_busy_line(last, len - (size_t)(last - p->pending)))
                return errf(err, errlen, "%s: port already in use (another client holds it)",
                            p->name);
            return errf(err, errlen, "%s closed the connection during the RFC 2217 settings%s",
                        p->name, n < 0 ? " (error)" : "");
        }
    }
    if (p->refused)
        return errf(err, errlen, "%s refused RFC 2217 (COM-PORT-OPTION): a raw port is tcp:%s",
                    p->name, p->name);
    if (p->baud_set != baud)
        return errf(err, errlen, "%s did not accept %u baud (it set %lu)", p->name, baud,
                    p->baud_set);
    return 0;
}

int net_port_open(struct net_port *p, const char *host, const char *port, int rfc2217,
                  unsigned baud, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->fd = -1;
    p->rfc2217 = rfc2217;
    p->name = strchr(host, ':') ? xasprintf("[%s]:%s", host, port) : xasprintf("%s:%s", host, port);
    if (connect_host(p, host, port, err, errlen) == 0 &&
        (!rfc2217 || negotiate(p, baud, err, errlen) == 0))
        return 0;
    net_port_close(p);
    return -1;
}

void net_port_close(struct net_port *p)
{
    if (p->fd >= 0)
        close(p->fd);
    p->fd = -1;
    free(p->name);
    p->name = NULL;
    free(p->pending);
    p->pending = NULL;
    p->npending = 0;
}
