/*
 * rtbench - error codes shared by the core, the ports and the benchmarks.
 *
 * Every call of the porting contract and of the runner returns 0 (RTB_OK) on
 * success or one of the negative codes below. Codes are always propagated:
 * a benchmark that gets a negative code from the port stops and returns it,
 * and the runner writes it into that benchmark's record (`err=<code>`).
 */
#ifndef RTB_ERROR_H
#define RTB_ERROR_H

enum rtb_err {
    RTB_OK = 0,
    RTB_ERR_INVAL = -1,    /* bad argument (NULL object, out-of-range priority, ...) */
    RTB_ERR_NOMEM = -2,    /* no memory / no free control block */
    RTB_ERR_TIMEOUT = -3,  /* a finite wait expired */
    RTB_ERR_AGAIN = -4,    /* RTB_NO_WAIT and the object was not available */
    RTB_ERR_NOTSUP = -5,   /* the port lacks this capability (the runner prints n/a) */
    RTB_ERR_PERM = -6,     /* not allowed (unlock by non-owner, call from ISR, ...) */
    RTB_ERR_STATE = -7,    /* object or thread in the wrong state for this call */
    RTB_ERR_OVERFLOW = -8, /* a count, queue or stack is full */
    RTB_ERR_PORT = -9,     /* the underlying kernel failed; see rtb_port_errno() */
    RTB_ERR_CHECK = -10,   /* a benchmark's own sanity check failed (wrong data, order) */
    RTB_ERR_FAULT = -11    /* the benchmark hit a processor fault (rtb_report_fault) */
};

/* Short constant name of an error code ("timeout", "notsup", ...); never NULL. */
const char *rtb_strerror(int err);

#endif /* RTB_ERROR_H */
