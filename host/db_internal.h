/*
 * rtbench host - what the database files (db.c, db_store.c, db_read.c)
 * share: transactions and statements retried while another writer holds
 * the lock, and one-line errors naming the database.
 */
#ifndef RTBH_DB_INTERNAL_H
#define RTBH_DB_INTERNAL_H

#include <sqlite3.h>
#include <stddef.h>

/* sqlite3_exec / sqlite3_step, retried while another connection holds the
 * lock (each attempt already waits in SQLite's busy handler) for up to a
 * minute in all. */
int db_exec_retry(sqlite3 *db, const char *sql);
int db_step_retry(sqlite3_stmt *st);

/* "database PATH: WHAT: <sqlite's message>" into err; returns -1. */
int db_fail(sqlite3 *db, char *err, size_t errlen, const char *what);
/* The database's file name for messages ("(memory)" if none). */
const char *db_name(sqlite3 *db);

int db_begin(sqlite3 *db, char *err, size_t errlen); /* BEGIN IMMEDIATE */
int db_commit(sqlite3 *db, char *err, size_t errlen);
void db_rollback(sqlite3 *db);

/* Binds S, or NULL when S is NULL. */
void db_bind_text(sqlite3_stmt *st, int i, const char *s);
/* SQL (a string of static storage: its address is the key) prepared once
 * for DB and kept until db_close finalizes it; reset, bindings cleared.
 * NULL if it cannot be prepared. */
sqlite3_stmt *db_stmt_cached(sqlite3 *db, const char *sql);

/* A run's id across databases (runs.uuid, db_uuid.c): 36 characters. */
#define DB_UUID_LEN 36
/* A new random one (version 4), made when a run is first stored. */
void db_uuid_new(char out[DB_UUID_LEN + 1]);
/* Defines the SQL function rtb_legacy_uuid(...) on DB (migration 8): a
 * UUID made from its arguments. 0, or -1. */
int db_uuid_register(sqlite3 *db);

#endif /* RTBH_DB_INTERNAL_H */
