#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer; Swift cannot import it.
static inline sqlite3_destructor_type notio_sqlite_transient(void) { return SQLITE_TRANSIENT; }

// SQLite counts every allocation under one process-wide mutex unless told not to, and Debian's
// build omits the lookaside allocator, so every small allocation of every connection takes that
// mutex: readers on different threads queue on it. sqlite3_config is variadic, which Swift cannot
// call; it must run before the library initialises (the first open).
static inline int notio_sqlite_stop_counting_memory(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
