/*
 * rtbench - run-time parameters of the benchmark families (rtb/bench.h).
 *
 * The run configuration carries them as one string "key=value,key=value"
 * (rtbench-posix --param, the Cortex-M images' semihosting command line), so
 * that one build serves every point of a sweep. The runner checks the form
 * once before the header; families read values with rtb_param_u32() or
 * rtb_param_str() outside their timed windows.
 */
#include <stddef.h>
#include <stdint.h>

#include "rtb/bench.h"
#include "rtb/error.h"
#include "run_params.h"

static const char *params_set; /* the current run's string, or NULL */

static int is_key_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

int rtb_params_check(const char *params)
{
    const char *p = params;

    if (p == NULL)
        return 0;
    while (*p) {
        const char *key = p;

        while (is_key_char(*p))
            p++;
        if (p == key || *p != '=')
            return RTB_ERR_INVAL; /* empty key, or a character keys cannot have */
        p++;
        while (*p && *p != ',' && *p != ' ' && *p != '=')
            p++;
        if (*p == ' ' || *p == '=')
            return RTB_ERR_INVAL;
        if (*p == ',') {
            p++;
            if (*p == '\0')
                return RTB_ERR_INVAL; /* trailing comma */
        }
    }
    return 0;
}

void rtb_params_use(const char *params)
{
    params_set = params;
}

/* The value of `key` in the current run's parameters: a pointer to its first
 * character and its length in *len, or NULL. The last occurrence wins. */
static const char *find(const char *key, size_t *len)
{
    const char *p = params_set, *found = NULL;

    while (p != NULL && *p) {
        const char *k = key, *v;

        while (*k && *p == *k) {
            p++;
            k++;
        }
        v = p + 1;
        while (*p && *p != ',')
            p++;
        if (*k == '\0' && v[-1] == '=') {
            found = v;
            *len = (size_t)(p - v);
        }
        if (*p == ',')
            p++;
    }
    return found;
}

int rtb_param_u32(const char *key, uint32_t dflt, uint32_t *out)
{
    size_t len = 0, i;
    const char *v = find(key, &len);
    uint64_t x = 0, mul = 1;

    *out = dflt;
    if (v == NULL)
        return 0;
    if (len > 0 && (v[len - 1] == 'K' || v[len - 1] == 'k')) {
        mul = 1024u;
        len--;
    } else if (len > 0 && v[len - 1] == 'M') {
        mul = 1024u * 1024u;
        len--;
    }
    if (len == 0)
        return RTB_ERR_INVAL;
    for (i = 0; i < len; i++) {
        if (v[i] < '0' || v[i] > '9')
            return RTB_ERR_INVAL;
        x = x * 10u + (uint64_t)(v[i] - '0');
        if (x > UINT32_MAX)
            return RTB_ERR_INVAL;
    }
    x *= mul;
    if (x > UINT32_MAX)
        return RTB_ERR_INVAL;
    *out = (uint32_t)x;
    return 0;
}

int rtb_param_is(const char *key, const char *value)
{
    size_t len = 0, i;
    const char *v = find(key, &len);

    if (v == NULL)
        return 0;
    for (i = 0; i < len; i++)
        if (value[i] != v[i])
            return 0;
    return value[len] == '\0';
}

int rtb_param_given(const char *key)
{
    size_t len;

    return find(key, &len) != NULL;
}
