#ifndef SEGUED_CSQLITE_SHIM_H
#define SEGUED_CSQLITE_SHIM_H
// Debian's libsqlite3-dev (apt: libsqlite3-dev). Only Sources/Store/SQLite imports this module.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import: these bind
// with it, so that SQLite copies the bytes before the call returns and Swift's buffer may go.
static inline int segued_sqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int count) {
    return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}
static inline int segued_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int count) {
    return sqlite3_bind_text(statement, index, text, count, SQLITE_TRANSIENT);
}
// sqlite3_config is variadic, which Swift cannot call. Before SQLite is initialized (the first
// open): no memory statistics, which SQLite otherwise keeps under a global mutex at every
// allocation of its own (segued never reads them: the page cache is bounded by PRAGMA cache_size).
static inline int segued_sqlite_config_no_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
