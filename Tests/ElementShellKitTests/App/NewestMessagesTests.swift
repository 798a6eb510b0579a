import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// How `^N` counts a room's timeline while our messages move from the outbox to the server and
/// back through sync: each counts once, in the order it was typed.
@Suite struct NewestMessagesTests {
    static func stored(_ eventID: String, seq: Int64, transactionID: String? = nil, in roomID: String = "!r") -> MessageRecord {
        var message = MessageRecord(eventID: eventID, roomID: roomID, sender: "@a:hs", msgtype: "m.text", body: eventID,
                                    originServerTS: seq, transactionID: transactionID)
        message.seq = seq
        return message
    }

    static func entry(_ transactionID: String, in roomID: String = "!r", relation: MessageRelation? = nil,
                      type: String = "m.room.message") -> OutboxEntry {
        OutboxEntry(transactionID: transactionID, roomID: roomID, eventType: type, relation: relation, msgtype: "m.text",
                    body: transactionID, createdAt: 0)
    }

    static func sent(_ eventID: String, transactionID: String) -> MessageRecord {
        SentMessages.timelineMessage(entry(transactionID), as: eventID, sender: "@a:hs")!
    }

    @Test func sentMessagesAreNewerThanStoredOnesAndUnsentOnesNewerStill() {
        let newest = NewestMessages(outbox: [Self.entry("t3")], stored: [Self.stored("$1", seq: 1), Self.stored("$2", seq: 2)],
                                    sent: [Self.sent("$s1", transactionID: "t1"), Self.sent("$s2", transactionID: "t2")], in: "!r")
        #expect(newest.message(at: 1) == .unsent)
        #expect(newest.message(at: 2) == .message(Self.sent("$s2", transactionID: "t2")))
        #expect(newest.message(at: 3) == .message(Self.sent("$s1", transactionID: "t1")))
        #expect(newest.message(at: 4) == .message(Self.stored("$2", seq: 2)))
        #expect(newest.message(at: 5) == .message(Self.stored("$1", seq: 1)))
        #expect(newest.message(at: 6) == nil)
        #expect(newest.message(at: 0) == nil)
    }

    /// Read after the outbox, the store or the sent list may already hold an outbox message.
    @Test func aMessageFoundTwiceCountsOnce() {
        let echoed = Self.stored("$s1", seq: 3, transactionID: "t1")
        let newest = NewestMessages(outbox: [Self.entry("t1"), Self.entry("t2")], stored: [Self.stored("$1", seq: 1), echoed],
                                    sent: [echoed, Self.sent("$s2", transactionID: "t2")], in: "!r")
        #expect(newest.message(at: 1) == .message(Self.sent("$s2", transactionID: "t2")))
        #expect(newest.message(at: 2) == .message(echoed))
        #expect(newest.message(at: 3) == .message(Self.stored("$1", seq: 1)))
    }

    /// Sync stored a sent message after the newest stored ones were read: it is still the newest.
    /// One it stored long ago (its report came after sync's) is counted where the store has it.
    @Test func aSentMessageTheStoreHoldsCountsWhereItStands() {
        let late = Self.stored("$late", seq: 9, transactionID: "t9")
        let old = Self.stored("$old", seq: 1, transactionID: "t0")
        let newest = NewestMessages(outbox: [], stored: [Self.stored("$2", seq: 2), Self.stored("$3", seq: 3)], sent: [old, late], in: "!r")
        #expect(newest.message(at: 1) == .message(late))
        #expect(newest.message(at: 2) == .message(Self.stored("$3", seq: 3)))
        #expect(newest.message(at: 3) == .message(Self.stored("$2", seq: 2)))
        #expect(newest.message(at: 4) == nil, "the old one is behind the stored ones read, not before them")
    }

    @Test func onlyThisRoomsMainTimelineMessagesInTheOutboxCount() {
        let outbox = [Self.entry("elsewhere", in: "!other"), Self.entry("reaction", relation: .annotation(of: "$1", key: "👍"), type: "m.reaction"),
                      Self.entry("edit", relation: .replacement(of: "$1")), Self.entry("threaded", relation: .thread(root: "$1", latest: "$1")),
                      Self.entry("redaction", relation: .redaction(of: "$1"), type: "m.room.redaction"),
                      Self.entry("reply", relation: .reply(to: "$1", sender: "@b:hs"))]
        let newest = NewestMessages(outbox: outbox, stored: [Self.stored("$1", seq: 1)], sent: [], in: "!r")
        #expect(newest.message(at: 1) == .unsent, "a reply is in the main timeline")
        #expect(newest.message(at: 2) == .message(Self.stored("$1", seq: 1)))
    }

    @Test func sentMessagesKeepOnlyTimelineMessagesUntilSyncBringsThemBack() {
        var sent = SentMessages()
        sent.add(Self.entry("t1"), as: "$s1", sender: "@a:hs")
        sent.add(Self.entry("t2", relation: .replacement(of: "$s1")), as: "$edit", sender: "@a:hs")
        sent.add(Self.entry("t3", in: "!other"), as: "$s3", sender: "@a:hs")
        #expect(sent.messages(in: "!r").map(\.eventID) == ["$s1"])
        #expect(sent.message(eventID: "$s3")?.roomID == "!other")
        #expect(sent.message(eventID: "$s1")?.transactionID == "t1")
        sent.forget([Self.stored("$s1", seq: 4)])
        #expect(sent.messages(in: "!r").isEmpty && sent.message(eventID: "$s3") != nil)
    }
}
