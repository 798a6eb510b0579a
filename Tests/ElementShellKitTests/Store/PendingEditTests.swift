import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Edits apply wherever history comes from: before their original (a page read backwards, a
/// short sync timeline), bundled with it by the server, or decrypted after it.
extension StoreWriterTests {
    func edit(of targetID: String, to body: String, by sender: String = "@a:hs", at sentAt: Int64) -> MessageChange {
        .edit(targetID: targetID, sender: sender, body: body, formattedBody: nil, sentAt: sentAt)
    }

    @Test func anEditThatComesBeforeItsOriginalAppliesWhenTheOriginalIsStored() async throws {
        let store = try StoreWriter(url: url)
        try await store.apply(SyncBatch(rooms: [RoomChange(roomID: "!a", membership: .join)], changes: [edit(of: "$old", to: "newest", at: 30)]),
                              position: .nextBatch("s1"))
        // A page brings an older edit, then the next one the original: the newest edit stands.
        try await store.storeOlder([], relations: SyncBatch(changes: [edit(of: "$old", to: "older", at: 20)]), roomID: "!a", nextBatch: "p1")
        try await store.storeOlder([message("$old", in: "!a")], roomID: "!a", nextBatch: nil)
        let stored = try #require(try await store.message(eventID: "$old"))
        #expect(stored.body == "newest" && stored.isEdited)
    }

    /// A server may send recent events again: an edit already applied is no change, so the open
    /// room does not show its message twice.
    @Test func anEditThatArrivesAgainChangesNothing() async throws {
        let store = try StoreWriter(url: url)
        let first = try await store.apply(SyncBatch(messages: [message("$m", in: "!a")], changes: [edit(of: "$m", to: "fixed", at: 5)]),
                                          position: .nextBatch("s1"))
        #expect(first.messages.map(\.body) == ["fixed"] && first.changedMessages.isEmpty, "new as edited, not new and then changed")
        let again = try await store.apply(SyncBatch(changes: [edit(of: "$m", to: "fixed", at: 5)]), position: .nextBatch("s2"))
        #expect(again.changedMessages.isEmpty)
        let newer = try await store.apply(SyncBatch(changes: [edit(of: "$m", to: "fixed again", at: 6)]), position: .nextBatch("s3"))
        #expect(newer.changedMessages.map(\.body) == ["fixed again"])
    }

    @Test func aPendingEditOfSomeoneElseIsNotApplied() async throws {
        let store = try StoreWriter(url: url)
        try await store.apply(SyncBatch(changes: [edit(of: "$m", to: "forged", by: "@mallory:hs", at: 5)]), position: .nextBatch("s1"))
        let result = try await store.apply(SyncBatch(messages: [message("$m", in: "!a")]), position: .nextBatch("s2"))
        #expect(result.messages.map(\.body) == ["$m"])
        #expect(try await store.message(eventID: "$m")?.isEdited == false)
    }

    @Test func aMessageSyncBringsAfterItsEditIsNewWithTheEditedText() async throws {
        let store = try StoreWriter(url: url)
        try await store.apply(SyncBatch(changes: [edit(of: "$m", to: "fixed", at: 5)]), position: .nextBatch("s1"))
        let result = try await store.apply(SyncBatch(messages: [message("$m", in: "!a")]), position: .nextBatch("s2"))
        #expect(result.messages.map(\.body) == ["fixed"] && result.messages.first?.isEdited == true)
    }

    @Test func anEditOfAMessageStillUnreadableAppliesWhenItIsDecrypted() async throws {
        let store = try StoreWriter(url: url)
        var locked = message("$secret", in: "!a")
        locked.body = ""
        locked.decryptionFailure = .missingKey
        try await store.apply(SyncBatch(messages: [locked], changes: [edit(of: "$secret", to: "revised", at: 9)]), position: .nextBatch("s1"))
        #expect(try await store.message(eventID: "$secret")?.isEdited == false)
        let result = try await store.applyDecrypted(SyncBatch(messages: [message("$secret", in: "!a")]), eventIDs: ["$secret"])
        #expect(result.changedMessages.map(\.body) == ["revised"])
    }

    @Test func theServersBundledEditAppliesToTheMessageItCameWith() async throws {
        let bundled: JSONValue = ["type": "m.room.message", "event_id": "$edit", "sender": "@a:hs", "origin_server_ts": 7,
                                  "content": ["body": "* better", "msgtype": "m.text", "m.new_content": ["body": "better", "msgtype": "m.text"],
                                              "m.relates_to": ["rel_type": "m.replace", "event_id": "$m"]]]
        var room = SyncResponse.JoinedRoom()
        room.timeline = .init(events: [SyncEvent(type: "m.room.message", eventID: "$m", sender: "@a:hs", originServerTS: 1,
                                                 content: ["body": "good", "msgtype": "m.text"],
                                                 unsigned: ["m.relations": ["m.replace": bundled]])])
        let batch = SyncBatch(SyncResponse(nextBatch: "s", rooms: .init(joined: ["!a": room])), userID: "@me:hs")
        #expect(batch.changes == [edit(of: "$m", to: "better", at: 7)])
        let page = SyncBatch(decrypted: room.timeline.events.map { event in
            var event = event
            event.roomID = "!a"
            return event
        })
        #expect(page.changes == batch.changes, "a page of history takes it too")

        let store = try StoreWriter(url: url)
        try await store.apply(batch, position: .nextBatch("s1"))
        #expect(try await store.message(eventID: "$m")?.body == "better")
    }

    @Test func ofSeveralEditsInAPageTheLatestSentIsKept() {
        var page = SyncBatch(changes: [edit(of: "$m", to: "bundled newest", at: 9), edit(of: "$m", to: "older", at: 4),
                                       .redaction(eventID: "$x", reason: nil), edit(of: "$n", to: "only", at: 1)])
        page.keepNewestEdits()
        #expect(page.changes == [edit(of: "$m", to: "bundled newest", at: 9), .redaction(eventID: "$x", reason: nil), edit(of: "$n", to: "only", at: 1)])
    }
}
