#ifndef ELEMENT_SHELL_CSQLITECONFIG_SHIM_H
#define ELEMENT_SHELL_CSQLITECONFIG_SHIM_H
// SQLite's process-wide settings, which must come before its first connection. sqlite3_config is
// variadic, which Swift cannot call. Each returns SQLITE_OK, or SQLITE_MISUSE once SQLite started.
#include <sqlite3.h>

// Each connection is used by one thread at a time (GRDB serializes every connection it opens), so
// SQLite need not lock a mutex of its own around every call.
static inline int es_sqlite_config_multithread(void) { return sqlite3_config(SQLITE_CONFIG_MULTITHREAD); }

// No process-wide count of SQLite's memory, which takes a global mutex at every allocation.
static inline int es_sqlite_config_no_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
#endif
