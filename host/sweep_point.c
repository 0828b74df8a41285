/*
 * rtbench host - the ids of the message-throughput points (msgq_point.h).
 */
#include "sweep_point.h"

#include <stdio.h>
#include <string.h>

#include "rtb/defaults.h"
#include "util.h"

void msgq_point_init(struct msgq_point *p, int async, uint32_t consumers, uint32_t size)
{
    p->async = async;
    p->consumers = consumers;
    p->size = size;
    p->payload = RTB_MSGQ_DEFAULT_PAYLOAD;
    p->depth = async ? RTB_MSGQ_DEFAULT_DEPTH : 1u;
}

void msgq_point_id(const struct msgq_point *p, char *buf, size_t len)
{
    int n = snprintf(buf, len, "msgq.%s.c%u.s%u", p->async ? "async" : "sync",
                     (unsigned)p->consumers, (unsigned)p->size);
    if (n >= 0 && (size_t)n < len && p->payload != RTB_MSGQ_DEFAULT_PAYLOAD)
        n += snprintf(buf + n, len - (size_t)n, ".p%u", (unsigned)p->payload);
    if (n >= 0 && (size_t)n < len && p->async && p->depth != RTB_MSGQ_DEFAULT_DEPTH)
        n += snprintf(buf + n, len - (size_t)n, ".d%u", (unsigned)p->depth);
    if (n < 0 || (size_t)n >= len) {
        if (len)
            buf[0] = '\0';
    }
}

/* ".<key><number>" at *s: the number into *v, *s past it. 0 or -1. */
static int take(const char **s, char key, uint32_t *v)
{
    const char *p = *s;
    uint64_t x;
    if (p[0] != '.' || p[1] != key || p[2] < '1' || p[2] > '9')
        return -1;
    p += 2;
    size_t n = strspn(p, "0123456789");
    char num[16];
    if (n >= sizeof num)
        return -1;
    memcpy(num, p, n);
    num[n] = '\0';
    if (parse_u64(num, &x) != 0 || x > UINT32_MAX)
        return -1;
    *v = (uint32_t)x;
    *s = p + n;
    return 0;
}

int msgq_point_parse(const char *id, struct msgq_point *p)
{
    const char *s;
    uint32_t c, size;
    int async;
    if (strncmp(id, "msgq.sync.", 10) == 0) {
        async = 0;
        s = id + 9;
    } else if (strncmp(id, "msgq.async.", 11) == 0) {
        async = 1;
        s = id + 10;
    } else {
        return 0;
    }
    if (take(&s, 'c', &c) != 0 || take(&s, 's', &size) != 0)
        return 0;
    msgq_point_init(p, async, c, size);
    if (*s == '.' && s[1] == 'p' && take(&s, 'p', &p->payload) != 0)
        return 0;
    if (async && *s == '.' && s[1] == 'd' && take(&s, 'd', &p->depth) != 0)
        return 0;
    if (*s)
        return 0;
    char again[96];
    msgq_point_id(p, again, sizeof again);
    return strcmp(again, id) == 0; /* .p262144 or .d8 are not how a point is named */
}
