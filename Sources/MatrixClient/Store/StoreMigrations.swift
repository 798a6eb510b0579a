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
        migrator.registerMigration("2 messages, members and outbox") { database in
            try database.create(table: "message") { table in
                // The order messages arrived in is the order they are shown in.
                table.autoIncrementedPrimaryKey("seq")
                table.column("event_id", .text).notNull().unique()
                table.column("room_id", .text).notNull()
                table.column("sender", .text).notNull()
                table.column("msgtype", .text).notNull()
                table.column("body", .text).notNull()
                table.column("origin_server_ts", .integer).notNull()
                table.column("transaction_id", .text)
            }
            try database.create(index: "message_by_room", on: "message", columns: ["room_id", "seq"])
            // Where `/history` asks the server to go on from: older than the oldest stored message.
            // Empty once the room's beginning has been reached.
            try database.alter(table: "room") { $0.add(column: "prev_batch", .text) }
            try database.create(table: "member") { table in
                table.column("room_id", .text).notNull()
                table.column("user_id", .text).notNull()
                table.column("display_name", .text)
                table.primaryKey(["room_id", "user_id"])
            }
            try database.create(table: "outbox") { table in
                // Sent in the order written, which keeps each room's messages in order.
                table.autoIncrementedPrimaryKey("seq")
                table.column("transaction_id", .text).notNull().unique()
                table.column("room_id", .text).notNull()
                table.column("msgtype", .text).notNull()
                table.column("body", .text).notNull()
                table.column("created_at", .integer).notNull()
                table.column("attempts", .integer).notNull().defaults(to: 0)
                // Set when the server refused for good; kept until /resend or /cancel.
                table.column("failed", .boolean).notNull().defaults(to: false)
            }
            try database.create(table: "draft") { table in
                table.column("room_id", .text).notNull()
                // Empty for the room's main timeline; a thread's root event ID once threads arrive.
                table.column("thread_root", .text).notNull().defaults(to: "")
                table.column("body", .text).notNull()
                table.column("updated_at", .integer).notNull()
                table.primaryKey(["room_id", "thread_root"])
            }
        }
        migrator.registerMigration("3 direct chats and hero names") { database in
            try database.alter(table: "room") { table in
                table.add(column: "is_direct", .boolean).notNull().defaults(to: false)
                table.add(column: "hero_names", .text).notNull().defaults(to: "")
            }
            // The rooms of the account's `m.direct`, kept whole: it may name rooms before they arrive.
            try database.create(table: "direct_room") { table in
                table.primaryKey("room_id", .text)
            }
        }
        migrator.registerMigration("4 formatted bodies") { database in
            // The HTML of `org.matrix.custom.html` messages, beside their plain body.
            try database.alter(table: "message") { $0.add(column: "formatted_body", .text) }
            try database.alter(table: "outbox") { $0.add(column: "formatted_body", .text) }
        }
        migrator.registerMigration("5 relations") { database in
            try database.alter(table: "message") { table in
                // The event this message answers (`m.in_reply_to`).
                table.add(column: "reply_to", .text)
                // The root of the thread it belongs to; NULL in the room's main timeline.
                table.add(column: "thread_root", .text)
                table.add(column: "edited", .boolean).notNull().defaults(to: false)
                // Redacted: the text is gone, the message keeps its place.
                table.add(column: "redacted", .boolean).notNull().defaults(to: false)
                table.add(column: "redaction_reason", .text)
            }
            try database.create(table: "reaction") { table in
                table.primaryKey("event_id", .text)
                table.column("room_id", .text).notNull()
                table.column("target_id", .text).notNull()
                table.column("sender", .text).notNull()
                table.column("key", .text).notNull()
            }
            try database.create(index: "reaction_by_target", on: "reaction", columns: ["target_id"])
            // Partial: most messages are in no thread, and an initial sync should not pay for them.
            try database.create(index: "message_by_thread", on: "message", columns: ["thread_root", "seq"],
                                condition: Column("thread_root") != nil)
            try database.alter(table: "outbox") { table in
                table.add(column: "event_type", .text).notNull().defaults(to: "m.room.message")
                table.add(column: "relation", .text)
            }
        }
        migrator.registerMigration("6 spaces") { database in
            try database.alter(table: "room") { table in
                // Created as a space (`m.room.create` content `type: "m.space"`).
                table.add(column: "is_space", .boolean).notNull().defaults(to: false)
                // The room IDs its `m.space.child` events name, newline-separated like `heroes`.
                table.add(column: "space_children", .text).notNull().defaults(to: "")
            }
        }
        migrator.registerMigration("7 media") { database in
            // The file of an m.image/m.file/m.video/m.audio message, as JSON (`MediaInfo`); NULL otherwise.
            try database.alter(table: "message") { $0.add(column: "media", .text) }
            try database.alter(table: "outbox") { $0.add(column: "media", .text) }
        }
        migrator.registerMigration("8 encryption") { database in
            // The room's `m.room.encryption` content as JSON; NULL while the room is not encrypted.
            try database.alter(table: "room") { $0.add(column: "encryption", .text) }
            try database.alter(table: "message") { table in
                // The Curve25519 key of the device that encrypted it; NULL for a message sent in the clear.
                table.add(column: "sender_key", .text)
                // Why it could not be decrypted (`DecryptionFailure`); NULL once it was.
                table.add(column: "decryption_failure", .text)
                // Decrypted with a room key from an import or a forward: its sender is not proven.
                table.add(column: "key_imported", .boolean).notNull().defaults(to: false)
            }
            // Undecryptable events as they came, so they can be tried again when their key arrives.
            try database.create(table: "encrypted_event") { table in
                table.primaryKey("event_id", .text)
                table.column("room_id", .text).notNull()
                table.column("session_id", .text).notNull()
                table.column("event", .text).notNull()
            }
            try database.create(index: "encrypted_event_by_session", on: "encrypted_event", columns: ["session_id"])
            // Crypto state: secrets only in `state` blobs, sealed with the key outside the store.
            try database.create(table: "crypto_account") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("device_id", .text).notNull()
                // The device's identity keys are on the server (they are uploaded once).
                table.column("keys_published", .boolean).notNull()
                table.column("state", .blob).notNull()
            }
            try database.create(table: "olm_session") { table in
                table.primaryKey("session_id", .text)
                table.column("sender_key", .text).notNull()
                table.column("state", .blob).notNull()
                table.column("last_used", .integer).notNull()
            }
            try database.create(index: "olm_session_by_sender", on: "olm_session", columns: ["sender_key"])
            try database.create(table: "inbound_group_session") { table in
                table.column("room_id", .text).notNull()
                table.column("session_id", .text).notNull()
                table.primaryKey(["room_id", "session_id"])
                table.column("sender_key", .text).notNull()
                // The Ed25519 key the sender's device claims; checked against its device keys.
                table.column("signing_key", .text).notNull()
                // Received through an import or a forward rather than from its sender over Olm.
                table.column("imported", .boolean).notNull()
                table.column("state", .blob).notNull()
            }
            try database.create(table: "outbound_group_session") { table in
                table.primaryKey("room_id", .text)
                table.column("session_id", .text).notNull()
                table.column("created_at", .integer).notNull()
                table.column("message_count", .integer).notNull()
                // The devices that have its key, as `user_id device_id` lines.
                table.column("shared_with", .text).notNull()
                table.column("state", .blob).notNull()
            }
            try database.create(table: "device") { table in
                table.column("user_id", .text).notNull()
                table.column("device_id", .text).notNull()
                table.column("curve25519", .text).notNull()
                table.column("ed25519", .text).notNull()
                table.column("display_name", .text)
                table.column("verified", .boolean).notNull().defaults(to: false)
                table.primaryKey(["user_id", "device_id"])
            }
            try database.create(index: "device_by_curve25519", on: "device", columns: ["curve25519"])
            // Users whose devices are followed; `outdated` until the next `/keys/query` for them.
            try database.create(table: "tracked_user") { table in
                table.primaryKey("user_id", .text)
                table.column("outdated", .boolean).notNull()
            }
        }
        migrator.registerMigration("9 malformed events") { database in
            // The field of an event that arrived not fitting the spec (`MessageRecord.malformedField`); NULL on others.
            try database.alter(table: "message") { $0.add(column: "malformed", .text) }
        }
        migrator.registerMigration("10 megolm message indexes") { database in
            // The event each Megolm message index decrypted: another event with the same index is
            // a replay (`StoreWriter.claimMegolmIndexes`). Without a rowid the key is the table,
            // so a lookup reads one B-tree.
            try database.create(table: "megolm_message_index", options: [.withoutRowID]) { table in
                table.column("room_id", .text).notNull()
                table.column("session_id", .text).notNull()
                table.column("message_index", .integer).notNull()
                table.primaryKey(["room_id", "session_id", "message_index"])
                table.column("event_id", .text).notNull()
                // NULL when the event came without one.
                table.column("origin_server_ts", .integer)
            }
        }
        migrator.registerMigration("11 trusted identity") { database in
            // Cross-signing private keys and the backup key, by their secret-storage name, sealed
            // with the key outside the store like the rest of the crypto state.
            try database.create(table: "crypto_secret") { table in
                table.primaryKey("name", .text)
                table.column("value", .blob).notNull()
            }
            // The backup version this device restores from and uploads to, once trusted.
            try database.create(table: "key_backup") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("version", .text).notNull()
                table.column("public_key", .text).notNull()
                // A restore began and has not finished (the process was killed): the next start finishes it.
                table.column("restore_pending", .boolean).notNull().defaults(to: false)
            }
            // Already in the backup version of `key_backup`; a new version starts over.
            try database.alter(table: "inbound_group_session") { $0.add(column: "backed_up", .boolean).notNull().defaults(to: false) }
            // Signed by its owner's self-signing key (`owner_signed`), that owner's identity being
            // trusted here besides (`cross_signed`).
            try database.alter(table: "device") { table in
                table.add(column: "owner_signed", .boolean).notNull().defaults(to: false)
                table.add(column: "cross_signed", .boolean).notNull().defaults(to: false)
            }
            // Sessions whose sender withheld the key from this device, with the failure that says why.
            try database.create(table: "withheld_session") { table in
                table.column("room_id", .text).notNull()
                table.column("session_id", .text).notNull()
                table.primaryKey(["room_id", "session_id"])
                table.column("failure", .text).notNull()
            }
            // Each tracked user's cross-signing identity as last fetched. `verified_master` is the
            // master key this device trusted (ours, unlocked; or one our user-signing key signed):
            // a different master key later is a changed identity, never trusted silently.
            try database.create(table: "cross_signing_identity") { table in
                table.primaryKey("user_id", .text)
                table.column("master_key", .text).notNull()
                table.column("verified", .boolean).notNull()
                table.column("verified_master", .text)
            }
        }
        migrator.registerMigration("12 secret requests") { database in
            // The secrets this device asked its other devices for, by request ID: an answer that
            // comes in a later run (the asking run ended first) is still taken.
            try database.create(table: "secret_request") { table in
                table.primaryKey("request_id", .text)
                table.column("name", .text).notNull()
            }
        }
        migrator.registerMigration("13 sliding sync") { database in
            // Where the sliding sync connection stands, beside `/v3`'s `next_batch`: each method
            // goes on from its own, so switching between them loses nothing.
            try database.create(table: "sliding_sync_state") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("pos", .text)
                table.column("to_device_since", .text)
                table.column("room_count", .integer)
            }
            // The newest timeline event sync brought of each room, of any type: a later timeline
            // that says it skipped events but holds this one continues the stored one.
            try database.alter(table: "room") { $0.add(column: "last_event_id", .text) }
            // When the user last read each room, by their own read receipt: unread counts start
            // there where the server keeps none.
            try database.create(table: "own_read") { table in
                table.primaryKey("room_id", .text)
                table.column("ts", .integer).notNull()
            }
        }
        migrator.registerMigration("14 pending edits") { database in
            // Edits of messages the store does not hold yet: a page of history can bring an edit
            // before its original, and a short sync timeline the edit without it. Each waits here,
            // the latest per message and sender, and applies when the original is stored.
            try database.create(table: "pending_edit") { table in
                table.column("target_id", .text).notNull()
                table.column("sender", .text).notNull()
                table.primaryKey(["target_id", "sender"])
                table.column("body", .text).notNull()
                table.column("formatted_body", .text)
                table.column("sent_at", .integer).notNull()
            }
        }
        migrator.registerMigration("15 link previews") { database in
            // The pages a message links to, as its sender bundled them (MSC4095); NULL for most.
            try database.alter(table: "message") { $0.add(column: "previews", .text) }
            try database.alter(table: "outbox") { $0.add(column: "previews", .text) }
        }
        migrator.registerMigration("16 push rules") { database in
            // The account's global account data the client acts on (`m.push_rules`), as sync last
            // brought it.
            try database.create(table: "account_data") { table in
                table.primaryKey("type", .text)
                table.column("content", .text).notNull()
            }
            // Who may notify a whole room (`sender_notification_permission`): the room's power
            // levels and its creation event, whose creators outrank all in room version 12.
            try database.create(table: "room_power") { table in
                table.primaryKey("room_id", .text)
                table.column("power_levels", .text)
                table.column("create_event", .text)
            }
            // What the push rules said of each message when it came: 0 nothing, 1 notify, 2 notify
            // as a mention. Unread counts are sums of it; older rows are read as the old counting did.
            try database.alter(table: "message") { $0.add(column: "push", .integer).notNull().defaults(to: 1) }
            try database.execute(sql: "UPDATE message SET push = 0 WHERE msgtype = 'm.notice'")
        }
        migrator.registerMigration("17 marked unread") { database in
            // The room's `m.marked_unread` flag (room account data): unread whatever its counts say.
            try database.alter(table: "room") { $0.add(column: "marked_unread", .boolean).notNull().defaults(to: false) }
        }
        migrator.registerMigration("18 ignored users") { database in
            // Whom the user ignores (`m.ignored_user_list`): their stored messages and reactions
            // are left out of every read, and come back if the user stops ignoring them.
            try database.create(table: "ignored_user") { table in
                table.primaryKey("user_id", .text)
            }
        }
        migrator.registerMigration("19 pins and upgrades") { database in
            // The room's pinned events (`m.room.pinned_events`, newline-separated IDs), the room
            // that replaced it (`m.room.tombstone`) and the one it replaced (`m.room.create`'s
            // `predecessor`).
            try database.alter(table: "room") { table in
                table.add(column: "pinned", .text).notNull().defaults(to: "")
                table.add(column: "replacement_room", .text)
                table.add(column: "predecessor_room", .text)
            }
        }
        migrator.registerMigration("20 polls") { database in
            // A poll start is a message with its poll (JSON); one waiting to be sent keeps it too.
            try database.alter(table: "message") { $0.add(column: "poll", .text) }
            try database.alter(table: "outbox") { $0.add(column: "poll", .text) }
            // Votes (their selections as sent, JSON) and ends (no selections) of polls, counted
            // when a poll is shown: who may end one depends on the room's power levels then.
            try database.create(table: "poll_response") { table in
                table.primaryKey("event_id", .text)
                table.column("room_id", .text).notNull()
                table.column("poll_id", .text).notNull().indexed()
                table.column("sender", .text).notNull()
                table.column("selections", .text)
                table.column("origin_server_ts", .integer).notNull()
            }
        }
        migrator.registerMigration("21 pinned identities and held messages") { database in
            // The master key accepted for each user (identity pinning): what was known counts as
            // first seen. A message whose room holds someone whose verified identity changed is
            // held (`failed` with `held`) until the user withdraws the verification or verifies again.
            try database.alter(table: "cross_signing_identity") { $0.add(column: "pinned_master", .text) }
            try database.execute(sql: "UPDATE cross_signing_identity SET pinned_master = master_key")
            try database.alter(table: "outbox") { $0.add(column: "held", .boolean).notNull().defaults(to: false) }
        }
        migrator.registerMigration("22 shared history") { database in
            // Whether a room key may be shared with people invited later (its room's history was
            // visible to them when it was made, MSC4268), and who shared it with this device in a
            // room key bundle; messages decrypted with such a key say who.
            try database.alter(table: "inbound_group_session") { table in
                table.add(column: "shared_history", .boolean).notNull().defaults(to: false)
                table.add(column: "shared_by", .text)
            }
            try database.alter(table: "outbound_group_session") { $0.add(column: "shared_history", .boolean).notNull().defaults(to: false) }
            try database.alter(table: "message") { $0.add(column: "key_shared_by", .text) }
            // Bundles that came (the latest of each sender for each room) until imported, and the
            // invites accepted here, whose inviter's bundle is imported.
            try database.create(table: "room_key_bundle") { table in
                table.column("room_id", .text).notNull()
                table.column("sender", .text).notNull()
                table.column("sender_device", .text).notNull()
                table.column("sender_key", .text).notNull()
                table.column("file", .text).notNull()
                table.column("received_at", .integer).notNull()
                table.column("refusal_told", .text)
                table.primaryKey(["room_id", "sender"])
            }
            try database.create(table: "accepted_invite") { table in
                table.primaryKey("room_id", .text)
                table.column("inviter", .text).notNull()
                table.column("accepted_at", .integer).notNull()
                table.column("bundle_imported", .boolean).notNull().defaults(to: false)
            }
        }
        migrator.registerMigration("23 members without rowid") { database in
            // Keyed by room and user alone: an initial sync writes tens of thousands of members,
            // and with a rowid each went into two b-trees, the table and its key's index.
            try database.create(table: "member_keyed", options: [.withoutRowID]) { table in
                table.column("room_id", .text).notNull()
                table.column("user_id", .text).notNull()
                table.column("display_name", .text)
                table.primaryKey(["room_id", "user_id"])
            }
            try database.execute(sql: """
                INSERT INTO member_keyed (room_id, user_id, display_name) SELECT room_id, user_id, display_name FROM member;
                DROP TABLE member;
                ALTER TABLE member_keyed RENAME TO member;
                """)
        }
        return migrator
    }
}
