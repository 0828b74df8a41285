/*
 * rtbench - names of the error codes (rtb/error.h).
 */
#include "rtb/error.h"

const char *rtb_strerror(int err)
{
    switch (err) {
    case RTB_OK:
        return "ok";
    case RTB_ERR_INVAL:
        return "inval";
    case RTB_ERR_NOMEM:
        return "nomem";
    case RTB_ERR_TIMEOUT:
        return "timeout";
    case RTB_ERR_AGAIN:
        return "again";
    case RTB_ERR_NOTSUP:
        return "notsup";
    case RTB_ERR_PERM:
        return "perm";
    case RTB_ERR_STATE:
        return "state";
    case RTB_ERR_OVERFLOW:
        return "overflow";
    case RTB_ERR_PORT:
        return "port";
    case RTB_ERR_CHECK:
        return "check";
    case RTB_ERR_FAULT:
        return "fault";
    default:
        return "unknown";
    }
}
