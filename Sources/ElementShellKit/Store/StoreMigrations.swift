import GRDB

/// The store's schema, one numbered migration after another. A migration, once released, never
/// changes: later needs get a new number.
enum StoreMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1 rooms and sync token") { database in
            try database.create(table: "sync_state") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("next_batch", .text).notNull()
            }
            try database.create(table: "room") { table in
                table.primaryKey("room_id", .text)
                table.column("membership", .text).notNull()
                table.column("name", .text)
                table.column("canonical_alias", .text)
                table.column("topic", .text)
                table.column("heroes", .text).notNull().defaults(to: "")
                table.column("joined_member_count", .integer).notNull().defaults(to: 0)
                table.column("notification_count", .integer).notNull().defaults(to: 0)
                table.column("highlight_count", .integer).notNull().defaults(to: 0)
                table.column("last_activity", .integer).notNull().defaults(to: 0)
            }
        }
        return migrator
    }
}
