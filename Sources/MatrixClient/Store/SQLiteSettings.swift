import CSQLiteConfig

/// SQLite's process-wide settings, made once before the first store opens (they are refused
/// after SQLite has started, which leaves its defaults: slower, never wrong). Every connection
/// is GRDB's, used by one thread at a time, so SQLite's own mutex around each call and its count
/// of memory (a global mutex at every allocation) only cost time: 4 % of an initial sync's.
enum SQLiteSettings {
    static let applied: Void = {
        _ = es_sqlite_config_multithread()
        _ = es_sqlite_config_no_memory_statistics()
    }()
}
