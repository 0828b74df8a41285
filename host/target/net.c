/*
 * rtbench host - `--target tcp:HOST:PORT` and `--target rfc2217://HOST:PORT[@BAUD]`:
 * a board's serial port served on the network (ser2net, a labgrid exporter),
 * raw or by Telnet with RFC 2217 (target/net_port.c). Run as the serial kind
 * (target/serial.c) on the connection instead of a device: the same
 * --flash/--reset steps, record checks, timeout and endings; a refused or
 * unanswered connection, a port held by another client, or a connection
 * dropped before the end record each end the run with one line.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "target/internal.h"
#include "target/serial_port.h"
#include "util.h"

/* HOST:PORT (or [V6]:PORT) into OUT's net_host and net_service; the rest
 * after PORT, if any, in *TAIL ("@BAUD"). 0, or -1 with a message. */
static int host_port(const char *kind, const char *spec, struct target_cmd *out, const char **tail,
                     char *err, size_t errlen)
{
    const char *colon, *host = spec;
    size_t hlen;
    if (spec[0] == '[') {
        const char *close = strchr(spec, ']');
        colon = close && close[1] == ':' ? close + 1 : NULL;
        host = spec + 1;
        hlen = close ? (size_t)(close - host) : 0;
    } else {
        colon = strchr(spec, ':');
        hlen = colon ? (size_t)(colon - spec) : 0;
    }
    const char *port = colon ? colon + 1 : "";
    size_t plen = strcspn(port, "@");
    char digits[8] = "";
    uint64_t num = 0;
    if (plen && plen < sizeof digits)
        memcpy(digits, port, plen);
    if (!colon || !hlen || parse_u64(digits, &num) != 0 || num == 0 || num > 65535)
        return errf(err, errlen, "--target %s%s: needs HOST:PORT (a port number 1-65535)", kind,
                    spec);
    out->net_host = xstrndup(host, hlen);
    out->net_service = xstrndup(port, plen);
    out->serial_dev = xstrndup(spec, (size_t)(port + plen - spec));
    *tail = port + plen;
    return 0;
}

static int net_resolve(const char *kind, int rfc2217, const char *spec,
                       const struct target_options *opt, struct target_cmd *out, char *err,
                       size_t errlen)
{
    const char *tail;
    uint64_t baud = SERIAL_DEFAULT_BAUD;
    if (host_port(kind, spec, out, &tail, err, errlen) != 0)
        return -1;
    if (*tail && (!rfc2217 || tail[0] != '@' || parse_u64(tail + 1, &baud) != 0 || baud == 0 ||
                  baud > UINT_MAX)) {
        target_cmd_free(out);
        return errf(err, errlen, "--target %s%s: '%s' is not %s", kind, spec, tail,
                    rfc2217 ? "@BAUD"
                            : "allowed after the port (a raw port's rate is the "
                              "server's: rfc2217:// sets it)");
    }
    if (target_board_options(opt, out, err, errlen) != 0) {
        target_cmd_free(out);
        return -1;
    }
    out->net_rfc2217 = rfc2217;
    out->baud = (unsigned)baud;
    out->source = rfc2217 ? xasprintf("%s%s@%u", kind, out->serial_dev, out->baud)
                          : xasprintf("%s%s", kind, out->serial_dev);
    out->kind = &target_serial_kind;
    return 0;
}

static int tcp_resolve(const char *spec, const struct target_options *opt, struct target_cmd *out,
                       char *err, size_t errlen)
{
    return net_resolve("tcp:", 0, spec, opt, out, err, errlen);
}

static int rfc2217_resolve(const char *spec, const struct target_options *opt,
                           struct target_cmd *out, char *err, size_t errlen)
{
    return net_resolve("rfc2217://", 1, spec, opt, out, err, errlen);
}

const struct target_type target_type_tcp = {
    "tcp:", "tcp:HOST:PORT", "a board's serial port on the network, raw (ser2net's raw mode)",
    1,      tcp_resolve,
};

const struct target_type target_type_rfc2217 = {
    "rfc2217://",
    "rfc2217://HOST:PORT[@BAUD]",
    "the same by Telnet + RFC 2217, the line set to BAUD (115200) 8N1",
    1,
    rfc2217_resolve,
};
