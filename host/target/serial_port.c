/*
 * rtbench host - opening a serial port for a board (serial_port.h): exclusive
 * use, raw 8N1 without flow control, the settings put back on every way out.
 */
#define _GNU_SOURCE
#include "target/serial_port.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "util.h"

static const struct {
    unsigned baud;
    speed_t speed;
} rates[] = {
    {50, B50},           {75, B75},           {110, B110},         {134, B134},
    {150, B150},         {200, B200},         {300, B300},         {600, B600},
    {1200, B1200},       {1800, B1800},       {2400, B2400},       {4800, B4800},
    {9600, B9600},       {19200, B19200},     {38400, B38400},     {57600, B57600},
    {115200, B115200},   {230400, B230400},   {460800, B460800},   {500000, B500000},
    {576000, B576000},   {921600, B921600},   {1000000, B1000000}, {1152000, B1152000},
    {1500000, B1500000}, {2000000, B2000000}, {2500000, B2500000}, {3000000, B3000000},
    {3500000, B3500000}, {4000000, B4000000},
};
#define N_RATES (sizeof rates / sizeof rates[0])

static int rate_index(unsigned baud)
{
    for (size_t i = 0; i < N_RATES; i++)
        if (rates[i].baud == baud)
            return (int)i;
    return -1;
}

int serial_baud_supported(unsigned baud)
{
    return rate_index(baud) >= 0;
}

const char *serial_baud_list(void)
{
    static char list[320];
    if (!list[0])
        for (size_t i = 0, l = 0; i < N_RATES && l < sizeof list; i++)
            l += (size_t)snprintf(list + l, sizeof list - l, "%s%u", i ? ", " : "", rates[i].baud);
    return list;
}

/* "COMM (pid N)" for a process, COMM from /proc/N/comm; -1 (OUT "") if the
 * process is not there (or not visible). */
static int name_pid(long pid, char *out, size_t cap)
{
    char path[64], comm[64];
    snprintf(path, sizeof path, "/proc/%ld/comm", pid);
    FILE *f = fopen(path, "r");
    int ok = f && fgets(comm, sizeof comm, f);
    if (f)
        fclose(f);
    out[0] = '\0';
    if (!ok)
        return -1;
    comm[strcspn(comm, "\n")] = '\0';
    snprintf(out, cap, "%s (pid %ld)", comm, pid);
    return 0;
}

/* 1 if process PID has the character device RDEV open (0 also when its
 * descriptors are not ours to see). */
static int pid_has_device(long pid, dev_t rdev)
{
    char dir[64];
    snprintf(dir, sizeof dir, "/proc/%ld/fd", pid);
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int has = 0;
    for (struct dirent *e; !has && (e = readdir(d));) {
        char path[64 + sizeof e->d_name];
        struct stat st;
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        has = stat(path, &st) == 0 && S_ISCHR(st.st_mode) && st.st_rdev == rdev;
    }
    closedir(d);
    return has;
}

/* The other processes that have RDEV open, "a (pid 1), b (pid 2)" in OUT;
 * how many (only those /proc lets this user see). */
static int open_holders(dev_t rdev, char *out, size_t cap)
{
    int found = 0;
    out[0] = '\0';
    DIR *proc = opendir("/proc");
    if (!proc)
        return 0;
    for (struct dirent *e; (e = readdir(proc));) {
        char *end, who[96];
        long pid = strtol(e->d_name, &end, 10);
        if (*end || pid <= 0 || pid == (long)getpid() || !pid_has_device(pid, rdev) ||
            name_pid(pid, who, sizeof who) != 0)
            continue;
        size_t l = strlen(out);
        if (l + strlen(who) + 3 < cap)
            snprintf(out + l, cap - l, "%s%s", l ? ", " : "", who);
        found++;
    }
    closedir(proc);
    return found;
}

/* The process that took the flock() on the file ST, from /proc/locks (which
 * names it whoever owns it), or 0. (It may have exited since, leaving the
 * lock to a process that shares its open file, e.g. a child.) */
static long flock_holder(const struct stat *st)
{
    FILE *f = fopen("/proc/locks", "r");
    if (!f)
        return 0;
    char line[256];
    long who = 0;
    while (!who && fgets(line, sizeof line, f)) {
        char kind[16], adv[16], mode[16];
        long long id;
        int pid;
        unsigned maj, min;
        unsigned long long ino;
        if (strstr(line, "->")) /* a waiter, not the holder */
            continue;
        if (sscanf(line, "%lld: %15s %15s %15s %d %x:%x:%llu", &id, kind, adv, mode, &pid, &maj,
                   &min, &ino) == 8 &&
            strcmp(kind, "FLOCK") == 0 && maj == major(st->st_dev) && min == minor(st->st_dev) &&
            ino == (unsigned long long)st->st_ino)
            who = pid;
    }
    fclose(f);
    return who;
}

/* The usual serial ports present, for a message about a missing one. */
static void present_ports(char *out, size_t cap)
{
    glob_t g;
    size_t l = 0;
    out[0] = '\0';
    glob("/dev/ttyACM*", 0, NULL, &g); /* glibc sets g empty first, whatever it returns */
    glob("/dev/ttyUSB*", GLOB_APPEND, NULL, &g);
    for (size_t i = 0; i < g.gl_pathc && l + 40 < cap; i++)
        l += (size_t)snprintf(out + l, cap - l, "%s%s",
                              l ? ", " : "serial ports here: ", g.gl_pathv[i]);
    globfree(&g);
    if (!out[0])
        snprintf(out, cap, "no /dev/ttyACM* or /dev/ttyUSB* here: is the board plugged in?");
}

/* The one line for an open() of DEV that failed with E. */
static int open_error(const char *dev, int e, char *err, size_t errlen)
{
    char more[240];
    struct stat st;
    switch (e) {
    case ENOENT:
        present_ports(more, sizeof more);
        return errf(err, errlen, "serial port %s does not exist (%s)", dev, more);
    case EACCES:
    case EPERM: {
        struct group *g = stat(dev, &st) == 0 ? getgrgid(st.st_gid) : NULL;
        if (g)
            return errf(err, errlen,
                        "permission denied opening %s (it belongs to group %s: sudo usermod -aG %s "
                        "$USER, then log in again)",
                        dev, g->gr_name, g->gr_name);
        return errf(err, errlen, "permission denied opening %s", dev);
    }
    case EBUSY:
        if (stat(dev, &st) == 0 && open_holders(st.st_rdev, more, sizeof more) > 0)
            return errf(err, errlen, "serial port %s is busy: in exclusive use by %s", dev, more);
        return errf(err, errlen,
                    "serial port %s is busy: in exclusive use (TIOCEXCL) by a process this user "
                    "cannot see",
                    dev);
    case ENXIO:
    case ENODEV:
        return errf(err, errlen, "serial port %s has no device behind it (unplugged?)", dev);
    default:
        return errf(err, errlen, "cannot open serial port %s: %s", dev, strerror(e));
    }
}

/* Refused when another process has P's device locked or open. */
static int check_alone(struct serial_port *p, char *err, size_t errlen)
{
    struct stat st;
    char who[240];
    if (fstat(p->fd, &st) != 0)
        return errf(err, errlen, "cannot stat %s: %s", p->dev, strerror(errno));
    if (flock(p->fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK) {
        long pid = flock_holder(&st);
        if (pid > 0 && name_pid(pid, who, sizeof who) == 0)
            return errf(err, errlen, "serial port %s is busy: locked by %s", p->dev, who);
        if (open_holders(st.st_rdev, who, sizeof who) > 0)
            return errf(err, errlen, "serial port %s is busy: locked, and open in %s", p->dev, who);
        return errf(err, errlen, "serial port %s is busy: locked by another process", p->dev);
    }
    if (open_holders(st.st_rdev, who, sizeof who) > 0)
        return errf(err, errlen, "serial port %s is busy: also open in %s", p->dev, who);
    return 0;
}

/* Raw 8N1 at the rate, no flow control; the old settings kept in P. */
static int configure(struct serial_port *p, speed_t speed, char *err, size_t errlen)
{
    struct termios t, back;
    if (tcgetattr(p->fd, &p->old) != 0)
        return errf(err, errlen, "cannot read the settings of %s: %s", p->dev, strerror(errno));
    t = p->old;
    cfmakeraw(&t);
    t.c_cflag &= ~(tcflag_t)(CSIZE | CSTOPB | PARENB | CRTSCTS);
    t.c_cflag |= CS8 | CLOCAL | CREAD;
    t.c_iflag &= ~(tcflag_t)(IXON | IXOFF | IXANY | INPCK);
    t.c_cc[VMIN] = 0;
    t.c_cc[VTIME] = 0;
    cfsetispeed(&t, speed);
    cfsetospeed(&t, speed);
    if (tcsetattr(p->fd, TCSAFLUSH, &t) != 0)
        errf(err, errlen, "cannot set %s to %u baud, raw 8N1: %s", p->dev, p->baud,
             strerror(errno));
    else if (tcgetattr(p->fd, &back) != 0 || cfgetospeed(&back) != speed ||
             cfgetispeed(&back) != speed)
        errf(err, errlen, "the driver of %s did not accept %u baud", p->dev, p->baud);
    else if ((back.c_cflag & (CSIZE | CSTOPB | PARENB | CRTSCTS)) != CS8 ||
             (back.c_lflag & (ICANON | ECHO)) || (back.c_iflag & (IXON | IXOFF)))
        errf(err, errlen, "the driver of %s did not accept raw 8N1 without flow control", p->dev);
    else
        return 0;
    tcsetattr(p->fd, TCSANOW, &p->old); /* a setting half taken is undone */
    return -1;
}

static struct serial_port *open_port; /* what an exit() must restore */

static void restore_at_exit(void)
{
    if (open_port)
        serial_port_close(open_port);
}

int serial_port_open(struct serial_port *p, const char *dev, unsigned baud, char *err,
                     size_t errlen)
{
    static int registered;
    int r = rate_index(baud);
    memset(p, 0, sizeof *p);
    p->fd = -1;
    if (r < 0)
        return errf(err, errlen, "%u baud is not a rate a serial port can be set to (%s)", baud,
                    serial_baud_list());
    int fd = open(dev, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return open_error(dev, errno, err, errlen);
    p->fd = fd;
    p->dev = xstrdup(dev);
    p->baud = baud;
    if (!isatty(fd)) {
        errf(err, errlen, "%s is not a serial port (not a terminal device)", dev);
    } else if (check_alone(p, err, errlen) == 0) {
        ioctl(fd, TIOCEXCL);
        if (configure(p, rates[r].speed, err, errlen) == 0) {
            if (!registered)
                registered = atexit(restore_at_exit) == 0;
            open_port = p;
            return 0;
        }
        ioctl(fd, TIOCNXCL);
    }
    close(fd);
    p->fd = -1;
    free(p->dev);
    p->dev = NULL;
    return -1;
}

void serial_port_close(struct serial_port *p)
{
    if (open_port == p)
        open_port = NULL;
    if (p->fd >= 0) {
        tcsetattr(p->fd, TCSANOW, &p->old); /* fails harmlessly if the device is gone */
        ioctl(p->fd, TIOCNXCL);
        close(p->fd);
        p->fd = -1;
    }
    free(p->dev);
    p->dev = NULL;
}
