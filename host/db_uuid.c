/*
 * rtbench host - a run's id across databases (runs.uuid, db_internal.h): a
 * random UUID (RFC 9562 version 4) made when a run is first stored, and
 * the SQL function migration 8 fills the runs stored before it with: a
 * UUID made from the run's row (version 8), the same in every copy of that
 * database, so that two copies of one old database migrated apart still
 * give each of their old runs one id.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "db_internal.h"

/* The 16 bytes B as "xxxxxxxx-xxxx-Vxxx-Nxxx-xxxxxxxxxxxx" with version
 * VERSION and the RFC's variant (binary 10) set. */
static void format_uuid(unsigned char b[16], int version, char out[DB_UUID_LEN + 1])
{
    b[6] = (unsigned char)((b[6] & 0x0f) | (version << 4));
    b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);
    char *o = out;
    for (int i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10)
            *o++ = '-';
        o += sprintf(o, "%02x", b[i]);
    }
}

void db_uuid_new(char out[DB_UUID_LEN + 1])
{
    unsigned char b[16];
    sqlite3_randomness(sizeof b, b); /* seeded by SQLite from the OS's randomness */
    format_uuid(b, 4, out);
}

/* FNV-1a over N bytes, on from H. */
static uint64_t fnv1a(uint64_t h, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

/* rtb_legacy_uuid(v, ...): a version 8 UUID of its arguments' text (NULL
 * told from ""), two FNV-1a hashes of different offsets for 128 bits. */
static void legacy_uuid(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    uint64_t h[2] = {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull};
    for (int i = 0; i < argc; i++) {
        const unsigned char *t = sqlite3_value_text(argv[i]);
        unsigned char mark = t ? 2 : 1, end = 0;
        size_t n = t ? (size_t)sqlite3_value_bytes(argv[i]) : 0;
        for (int k = 0; k < 2; k++) {
            h[k] = fnv1a(h[k], &mark, 1);
            h[k] = fnv1a(h[k], t ? t : &end, n);
            h[k] = fnv1a(h[k], &end, 1);
        }
    }
    unsigned char b[16];
    for (int i = 0; i < 8; i++) {
        b[i] = (unsigned char)(h[0] >> (56 - 8 * i));
        b[8 + i] = (unsigned char)(h[1] >> (56 - 8 * i));
    }
    char out[DB_UUID_LEN + 1];
    format_uuid(b, 8, out);
    sqlite3_result_text(ctx, out, DB_UUID_LEN, SQLITE_TRANSIENT);
}

int db_uuid_register(sqlite3 *db)
{
    return sqlite3_create_function(db, "rtb_legacy_uuid", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                   NULL, legacy_uuid, NULL, NULL) == SQLITE_OK
               ? 0
               : -1;
}
