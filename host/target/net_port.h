/*
 * rtbench host - a board's serial port on the network (target/net_port.c), as
 * ser2net or a labgrid exporter serves it: a TCP connection, raw (ser2net's
 * raw mode: the bytes of the line) or Telnet with RFC 2217's COM-PORT-OPTION
 * (the line's rate and framing set by the client, 0xFF doubled in data).
 */
#ifndef RTBH_NET_PORT_H
#define RTBH_NET_PORT_H

#include <stddef.h>
#include <sys/types.h>

#define NET_CONNECT_MS 10000 /* longest wait for the connection and the RFC 2217 replies */

/* 1 if LINE is what ser2net writes to a client it turns away before it hangs
 * up: "Port already in use" (the port has its client), "Port's device already
 * in use" (another port of the same device has one). */
int net_port_busy_line(const char *line, size_t len);

struct net_port {
    int fd;      /* the socket, -1 when closed */
    char *name;  /* "HOST:PORT", for messages (owned) */
    int rfc2217; /* Telnet with COM-PORT-OPTION, else raw */
    int state;   /* where the Telnet parser is in a command (net_port.c) */
    int sb_len;  /* bytes of the subnegotiation being read */
    unsigned char sb[16];
    unsigned acked;         /* the COM-PORT settings the server confirmed (bit per command) */
    unsigned long baud_set; /* the rate it reported in its SET-BAUDRATE reply */
    int refused;            /* it answered WONT/DONT COM-PORT-OPTION */
    unsigned char will[256], do_[256]; /* options already answered (no negotiation loops) */
    char *pending;                     /* data received during the negotiation, not yet read */
    size_t npending;
};

/*
 * Connects to HOST:PORT (a name or address, IPv4 or IPv6) within
 * NET_CONNECT_MS; with RFC2217, offers COM-PORT-OPTION and sets BAUD, 8 data
 * bits, no parity, 1 stop bit and no flow control, and waits for the server
 * to confirm each (the rate it confirms must be BAUD). 0, or -1 with one line
 * in err: the host unknown, the connection refused or unanswered, the port
 * already in use (ser2net's answer to a second client), the server without
 * RFC 2217, or a setting refused.
 */
int net_port_open(struct net_port *p, const char *host, const char *port, int rfc2217,
                  unsigned baud, char *err, size_t errlen);
/* One read() of the socket (poll said it is readable): the line's bytes into
 * BUF (Telnet commands answered and taken out). >0 bytes, 0 when the read
 * held only Telnet commands, -1 (errno) an error; *EOF set when the peer
 * closed the connection. */
ssize_t net_port_read(struct net_port *p, char *buf, size_t cap, int *eof);
/* Closes the connection. Safe to call twice. */
void net_port_close(struct net_port *p);

#endif /* RTBH_NET_PORT_H */
