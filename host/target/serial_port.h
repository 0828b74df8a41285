/*
 * rtbench host - a serial port for reading a board (serial_port.c): opened
 * for this process alone, raw 8N1 at a given rate without flow control, and
 * put back as it was found on every way out.
 */
#ifndef RTBH_SERIAL_PORT_H
#define RTBH_SERIAL_PORT_H

#include <stddef.h>
#include <termios.h>

#define SERIAL_DEFAULT_BAUD 115200u

struct serial_port {
    int fd;             /* -1 when closed */
    char *dev;          /* the path opened (owned) */
    unsigned baud;      /* bits per second */
    struct termios old; /* the settings found at open, restored at close */
};

/* 1 if BAUD is a rate the termios interface can set (50 ... 4000000). */
int serial_baud_supported(unsigned baud);
/* The supported rates, for a message: "9600, 19200, ..., 4000000". */
const char *serial_baud_list(void);

/*
 * Opens DEV (O_NOCTTY, non-blocking) and makes it this process's: refused
 * when another process holds it - an exclusive open (TIOCEXCL: EBUSY), a
 * flock() on it, or simply the device open (found in /proc/<pid>/fd) - with
 * the holder named when the system says who it is. Then raw mode: 8 data
 * bits, no parity, 1 stop bit, no flow control (neither RTS/CTS nor
 * XON/XOFF), modem lines ignored (CLOCAL), BAUD in both directions, input
 * not yet read discarded (TCSAFLUSH); TIOCEXCL keeps others out (root
 * excepted, which the kernel lets through). The settings read back must be
 * the ones asked for. Until serial_port_close(), an exit() of rtbench also
 * restores the settings.
 * 0, or -1 with one line in err: "serial port X does not exist (...)",
 * "... is busy: ...", "permission denied ...", "X is not a serial port
 * (...)", "... did not accept 115200 baud".
 */
int serial_port_open(struct serial_port *p, const char *dev, unsigned baud, char *err,
                     size_t errlen);
/* Restores the settings found at open (ignored if the device is gone),
 * lifts the exclusive use and closes. Safe to call twice. */
void serial_port_close(struct serial_port *p);

#endif /* RTBH_SERIAL_PORT_H */
