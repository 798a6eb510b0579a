import Foundation
import GRDB

extension StoreWriter {
    /// Applies a sync response for the account `userID`: what `SyncLoop` does with each one.
    @discardableResult
    public func apply(_ response: SyncResponse, userID: String) throws -> SyncResult {
        var result = try apply(SyncBatch(response, userID: userID), position: response.position)
        result.typing = response.rooms.typing
        result.hasMore = response.hasMore
        return result
    }

    /// Applies one sync response and its position in one transaction. Returns the rooms as they now
    /// stand and the messages the store did not have yet; a message our send queue sent leaves
    /// the outbox here, in the same transaction that stores its echo. A room whose timeline comes
    /// after a gap loses its older stored messages, so what the store holds never has a hole:
    /// `/history` fetches them again across the gap, in the right order. A timeline that says it
    /// skipped events but holds the newest one the store saw is no gap: only what follows that
    /// event is new (a sliding sync room seen again, a room subscription's longer timeline).
    ///
    /// An initial sync brings tens of thousands of rows, so rows go in through cached prepared
    /// statements, and the stored rooms are fetched in one query rather than one by one.
    @discardableResult
    public func apply(_ batch: consuming SyncBatch, position: SyncPosition) throws -> SyncResult {
        // What the batch still holds once stored (its members, its messages' events as the rules
        // read them) is dropped on another core: releasing an initial sync's tens of thousands
        // of them, one by one, kept the writer about 10 ms from answering.
        defer { DispatchQueue.global(qos: .utility).async { [batch] in withExtendedLifetime(batch) {} } }
        return try transaction { database in
            if let direct = batch.directRoomIDs { try Self.replaceDirectRooms(with: direct, in: database) }
            if let rules = batch.pushRules { try Self.saveAccountData(rules, type: PushRuleSet.accountDataType, in: database) }
            let power = try Self.savePower(of: batch.rooms, in: database)
            if let ignored = batch.ignoredUsers { try Self.replaceIgnoredUsers(with: ignored, in: database) }
            let ignored = try Self.ignoredUsers(in: database)
            let directRoomIDs = try Set(String.fetchAll(database, sql: "SELECT room_id FROM direct_room"))
            // Members first: the rooms' hero names come from them.
            let names = try Self.save(batch.members, in: database)
            let stored = try RoomRecord.fetchAll(database, keys: batch.rooms.map(\.roomID))
            let storedByID = Dictionary(stored.map { ($0.roomID, $0) }) { _, last in last }
            let dropMessages = try database.cachedStatement(sql: "DELETE FROM message WHERE room_id = ?")
            var saveRoom = try RowInserter(database, sql: RoomRecord.saveSQL)
            var gaps: Set<String> = []
            // Messages a gap took from rooms that count their unread ones: if they come again,
            // they were counted already.
            var dropped: Set<String> = []
            let droppedIDs = try database.cachedStatement(sql: "SELECT event_id FROM message WHERE room_id = ?")
            // Events of timelines that continue the stored one, up to where they meet it: stored
            // already, or older than what is (stored after it, they would be out of order).
            var continued: Set<String> = []
            // An invite from someone the user ignores is not theirs to see.
            let changes = ignored.isEmpty ? batch.rooms : batch.rooms.filter { $0.inviter.map(ignored.contains) != true }
            var rooms = try changes.map { change in
                var change = change
                if change.followsGap, let seen = storedByID[change.roomID]?.lastEventID,
                   let meeting = change.timelineEventIDs.firstIndex(of: seen) {
                    change.followsGap = false
                    continued.formUnion(change.timelineEventIDs[...meeting])
                }
                if change.followsGap {
                    if change.countsUnreadItself { dropped.formUnion(try String.fetchAll(droppedIDs, arguments: [change.roomID])) }
                    try dropMessages.execute(arguments: [change.roomID])
                    if database.changesCount > 0 { gaps.insert(change.roomID) }
                }
                var room = change.applied(to: storedByID[change.roomID])
                room.isDirect = change.isDirectInvite && room.membership == .invite || directRoomIDs.contains(room.roomID)
                room.heroNames = try Self.displayNames(of: room.heroes, in: room.roomID, names: names)
                try room.save(with: &saveRoom)
                return room
            }
            // Judged by the rules as they stand after this batch: a change in it applies at once.
            let judged = try batch.userID.flatMap { userID in
                try Self.judging(batch, rooms: rooms, power: power, names: names, rules: Self.pushRules(in: database, userID: userID),
                                 userID: userID)
            }
            let countedRooms = Self.roomsCountingUnread(in: batch)
            var messageRows = try MessageRowWriter(database)
            var leaveOutbox = try RowInserter(database, sql: "DELETE FROM outbox WHERE transaction_id = ?")
            // Which of the batch's messages the store did not have; each gets its `seq` in place,
            // so the new ones are handed on without a copy.
            var isFresh = [Bool](repeating: false, count: batch.messages.count)
            var freshCount = 0
            var alerts = PushAlertGathering()
            // The new messages that count as unread where the client counts (sliding sync);
            // those ignored count for nothing, while they are.
            var arrivals: [UnreadArrival] = []
            // The messages bound for the next statement, with what the rules said of each.
            var waiting: [(index: Int, actions: PushActions?)] = []
            waiting.reserveCapacity(MessageRowWriter.rowsPerStatement)
            // Through a buffer: each message is bound where it lies and gets its `seq` there.
            try batch.messages.withUnsafeMutableBufferPointer { messages in
                func storeWaiting() throws {
                    let isNew = try messageRows.store(waiting, of: messages)
                    for ((index, actions), isNew) in zip(waiting, isNew) where isNew {
                        isFresh[index] = true
                        freshCount += 1
                        // What the new messages of those not ignored notify: for the unread counts and the alerts.
                        if let actions, actions.notify, ignored.isEmpty || !ignored.contains(messages[index].sender) {
                            alerts.add(actions, at: freshCount - 1, in: messages[index].roomID)
                            if !countedRooms.isEmpty, let arrival = UnreadArrival(messages[index], actions: actions, counted: countedRooms, dropped: dropped) {
                                arrivals.append(arrival)
                            }
                        }
                    }
                    waiting.removeAll(keepingCapacity: true)
                }
                for index in messages.indices {
                    if !continued.isEmpty, continued.contains(messages[index].eventID) { continue }
                    waiting.append((index, judged?.actions(at: index)))
                    if waiting.count == MessageRowWriter.rowsPerStatement { try storeWaiting() }
                    if let transactionID = messages[index].transactionID {
                        leaveOutbox.bind(transactionID)
                        try leaveOutbox.run()
                    }
                }
                try storeWaiting()
            }
            var fresh = Self.keeping(isFresh, of: &batch.messages)
            // Edits that came before their messages: the messages are new with their edits.
            let edited = Set(try Self.applyPendingEdits(to: fresh.lazy.map(\.eventID), in: database))
            if !edited.isEmpty {
                let current = try MessageRecord.filter(edited.contains(Column("event_id"))).fetchAll(database)
                let byID = Dictionary(current.map { ($0.eventID, $0) }) { first, _ in first }
                for index in fresh.indices { if let now = byID[fresh[index].eventID] { fresh[index] = now } }
            }
            try Self.keep(continued.isEmpty ? batch.undecrypted : batch.undecrypted.filter { !continued.contains($0.eventID) }, in: database)
            rooms = try Self.countUnread(in: rooms, batch: batch, counted: countedRooms, arrivals: arrivals, database: database)
            // A new `m.direct` may change any room, so the app gets all of them.
            if !batch.markedUnread.isEmpty { rooms = try Self.mark(batch.markedUnread, rooms: rooms, in: database) }
            if batch.ignoredUsers != nil, case .sliding = position, let userID = batch.userID {
                rooms = try Self.recountUnread(of: rooms, userID: userID, database: database)
            }
            if batch.directRoomIDs != nil { rooms = try RoomRecord.fetchAll(database) }
            var relations = try Self.applyRelations(of: batch, in: database)
            // A message new in this batch (or stored anew after a gap) is new as its edits and
            // redactions in the batch left it: shown once, as it stands, not then shown changed.
            if !relations.changedMessages.isEmpty {
                let freshIDs = Set(fresh.map(\.eventID))
                let changedFresh = Dictionary(relations.changedMessages.filter { freshIDs.contains($0.eventID) }.map { ($0.eventID, $0) }) { first, _ in first }
                if !changedFresh.isEmpty {
                    for index in fresh.indices { if let now = changedFresh[fresh[index].eventID] { fresh[index] = now } }
                    relations.changedMessages.removeAll { freshIDs.contains($0.eventID) }
                }
            }
            try Self.save(position, in: database)
            relations.rooms = rooms
            relations.alerts = alerts.alerts(in: fresh)
            // Kept, but not shown: the user may stop ignoring them.
            relations.messages = ignored.isEmpty ? fresh : fresh.filter { !ignored.contains($0.sender) }
            if !ignored.isEmpty {
                relations.reactions.removeAll { ignored.contains($0.sender) }
                relations.changedMessages.removeAll { ignored.contains($0.sender) }
            }
            relations.ignoredUsers = batch.ignoredUsers
            if let rules = batch.pushRules { relations.pushRules = PushRuleSet(json: rules) }
            relations.gaps = gaps
            relations.memberChanges = Set(batch.members.map(\.roomID))
            relations.knocks = try batch.userID.map { try Self.knocksToTell(in: batch, userID: $0, ignored: ignored, database: database) } ?? []
            return relations
        }
    }

    private static func save(_ position: SyncPosition, in database: Database) throws {
        switch position {
        case .nextBatch(let token):
            try database.execute(sql: "INSERT INTO sync_state (id, next_batch) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET next_batch = excluded.next_batch",
                                 arguments: [token])
        case .sliding(let place):
            try database.execute(sql: """
                INSERT INTO sliding_sync_state (id, pos, to_device_since, room_count) VALUES (1, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET pos = excluded.pos, to_device_since = excluded.to_device_since, room_count = excluded.room_count
                """, arguments: [place.pos, place.toDeviceSince, place.roomCount])
        }
    }

    static func keep(_ events: [UndecryptedEvent], in database: Database) throws {
        guard !events.isEmpty else { return }
        let insert = try database.cachedStatement(sql: "INSERT OR IGNORE INTO encrypted_event (event_id, room_id, session_id, event) VALUES (?, ?, ?, ?)")
        for event in events {
            try insert.execute(arguments: [event.eventID, event.roomID, event.sessionID, event.storedText])
        }
    }

    /// The display names of `userIDs` in the room, in order, empty where unknown; none at all
    /// when none is known, the way a room without heroes has none.
    private static func displayNames(of userIDs: [String], in roomID: String, names: StoredMemberNames) throws -> [String] {
        guard !userIDs.isEmpty else { return [] }
        let found = try userIDs.map { try names.name(of: $0, in: roomID) ?? "" }
        return found.allSatisfy(\.isEmpty) ? [] : found
    }

    private static func replaceIgnoredUsers(with userIDs: Set<String>, in database: Database) throws {
        try database.execute(sql: "DELETE FROM ignored_user")
        let insert = try database.cachedStatement(sql: "INSERT INTO ignored_user (user_id) VALUES (?)")
        for userID in userIDs { try insert.execute(arguments: [userID]) }
    }

    static func ignoredUsers(in database: Database) throws -> Set<String> {
        try Set(String.fetchAll(database, sql: "SELECT user_id FROM ignored_user"))
    }

    /// Sets the rooms' unread marks; the rooms the batch brought nothing else of join those
    /// the app is told of.
    private static func mark(_ marks: [String: Bool], rooms: [RoomRecord], in database: Database) throws -> [RoomRecord] {
        let save = try database.cachedStatement(sql: "UPDATE room SET marked_unread = ? WHERE room_id = ?")
        for (roomID, unread) in marks { try save.execute(arguments: [unread, roomID]) }
        let changed = Set(rooms.map(\.roomID))
        let others = try RoomRecord.fetchAll(database, keys: Set(marks.keys).subtracting(changed))
        return rooms.map { room in
            var room = room
            if let unread = marks[room.roomID] { room.isMarkedUnread = unread }
            return room
        } + others
    }

    private static func replaceDirectRooms(with roomIDs: Set<String>, in database: Database) throws {
        try database.execute(sql: "DELETE FROM direct_room")
        let insert = try database.cachedStatement(sql: "INSERT INTO direct_room (room_id) VALUES (?)")
        for roomID in roomIDs {
            try insert.execute(arguments: [roomID])
        }
        // An invite keeps the `is_direct` of its member event: the chat is not the account's yet.
        try database.execute(sql: """
            UPDATE room SET is_direct = room_id IN (SELECT room_id FROM direct_room) OR (membership = 'invite' AND is_direct)
            """)
    }

    /// Reactions, edits and redactions, after the messages they refer to are stored. An edit
    /// counts only from the message's own sender, as the spec requires; one of a message not
    /// stored readable yet is kept until it is (`keepPendingEdit`). Without `editsReplaceEdits`
    /// (a page of older events) an edit leaves a message already edited as it is: the edit that
    /// came before is newer.
    static func applyRelations(of batch: SyncBatch, in database: Database, editsReplaceEdits: Bool = true) throws -> SyncResult {
        var result = SyncResult(rooms: [], messages: [])
        var insertReaction = try RowInserter(database, sql: "INSERT OR IGNORE INTO reaction (event_id, room_id, target_id, sender, key) VALUES (?, ?, ?, ?, ?)")
        for reaction in batch.reactions {
            insertReaction.bind(reaction.eventID)
            insertReaction.bind(reaction.roomID)
            insertReaction.bind(reaction.targetID)
            insertReaction.bind(reaction.sender)
            insertReaction.bind(reaction.key)
            if try insertReaction.run() > 0 { result.reactions.append(reaction) }
        }
        for transactionID in batch.echoedTransactionIDs {
            try OutboxEntry.deleteOne(database, key: ["transaction_id": transactionID])
        }
        // A poll shows anew as its votes and its end come.
        var changed = try savePollResponses(batch.pollResponses, in: database)
        for change in batch.changes {
            switch change {
            case .edit(let targetID, let sender, let body, let formattedBody, let sentAt):
                // The same edit again (a server may send recent events anew): nothing changes,
                // and nothing is shown again.
                let unchanged = try Bool.fetchOne(database, sql: """
                    SELECT 1 FROM message WHERE event_id = ? AND sender = ? AND edited AND body = ? AND formatted_body IS ?
                    """, arguments: [targetID, sender, body, formattedBody]) ?? false
                if unchanged { continue }
                try database.execute(sql: """
                    UPDATE message SET body = ?, formatted_body = ?, edited = 1
                    WHERE event_id = ? AND sender = ? AND NOT redacted AND decryption_failure IS NULL AND (? OR NOT edited)
                    """, arguments: [body, formattedBody, targetID, sender, editsReplaceEdits])
                if database.changesCount > 0 {
                    changed.append(targetID)
                } else {
                    try keepPendingEdit(of: targetID, sender: sender, body: body, formattedBody: formattedBody, sentAt: sentAt, in: database)
                }
            case .redaction(let eventID, let reason):
                try database.execute(sql: """
                    UPDATE message SET body = '', formatted_body = NULL, media = NULL, previews = NULL, poll = NULL, redacted = 1, redaction_reason = ?
                    WHERE event_id = ?
                    """, arguments: [reason, eventID])
                if database.changesCount > 0 { changed.append(eventID) }
                // A vote taken away: the voter's vote before it stands again.
                changed += try removePollResponse(eventID, in: database)
                // A reaction taken back: its count under the message drops.
                try ReactionRecord.deleteOne(database, key: eventID)
            }
        }
        if !changed.isEmpty {
            result.changedMessages = try MessageRecord.filter(changed.contains(Column("event_id"))).fetchAll(database)
        }
        return result
    }
}
