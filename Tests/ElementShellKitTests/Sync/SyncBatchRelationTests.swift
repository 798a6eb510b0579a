import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct SyncBatchRelationTests {
    @Test func theReplyFallbackQuoteIsDroppedOnlyWhenItIsOne() {
        #expect(ReplyFallback.strippedBody("> <@a:hs> hi\n> there\n\nyes") == "yes")
        #expect(ReplyFallback.strippedBody("> a quote of my own\nand more") == "> a quote of my own\nand more", "no blank line: not a fallback")
        #expect(ReplyFallback.strippedBody("plain") == "plain")
    }

    @Test func aMessageThatArrivesRedactedKeepsItsPlaceWithoutText() throws {
        let event = SyncEvent(type: "m.room.message", eventID: "$gone", sender: "@b:hs", originServerTS: 1, content: [:],
                              unsigned: ["redacted_because": ["type": "m.room.redaction", "content": ["reason": "spam"]]])
        let record = try #require(MessageRecord(roomID: "!r", event: event))
        #expect(record.isRedacted && record.body.isEmpty && record.redactionReason == "spam")
        let unredactedButEmpty = SyncEvent(type: "m.room.message", eventID: "$odd", sender: "@b:hs", content: [:])
        #expect(MessageRecord(roomID: "!r", event: unredactedButEmpty)?.malformedField == "content.body",
                "without a body and not redacted it is malformed")
    }

    @Test func relationsAreCollectedInTimelineOrderAndOurEchoesNoted() {
        var room = SyncResponse.JoinedRoom()
        room.timeline = .init(events: [
            SyncEvent(type: "m.reaction", eventID: "$r", sender: "@me:hs",
                      content: ["m.relates_to": ["rel_type": "m.annotation", "event_id": "$m", "key": "🎉"]],
                      unsigned: ["transaction_id": "t-react"]),
            SyncEvent(type: "m.reaction", eventID: "$bad", sender: "@b:hs", content: ["m.relates_to": ["rel_type": "m.reference", "event_id": "$m"]]),
            SyncEvent(type: "m.room.redaction", eventID: "$x", sender: "@b:hs", content: [:], redacts: "$old"),
        ])
        let batch = SyncBatch(SyncResponse(nextBatch: "s", rooms: .init(joined: ["!r": room])), userID: "@me:hs")
        #expect(batch.reactions == [ReactionRecord(eventID: "$r", roomID: "!r", targetID: "$m", sender: "@me:hs", key: "🎉")])
        #expect(batch.changes == [.redaction(eventID: "$old", reason: nil)])
        #expect(batch.echoedTransactionIDs == ["t-react"])
        #expect(batch.messages.isEmpty)
    }
}

extension SyncBatchRelationTests {
    /// Steps of a verification encrypted for other devices refer to their request in the clear:
    /// they are no unreadable message lines, while an unreadable message is.
    @Test func anUnreadableVerificationStepIsNoMessage() {
        let step = SyncEvent(type: "m.room.encrypted", eventID: "$step", sender: "@b:hs", originServerTS: 1,
                             content: ["algorithm": "m.megolm.v1.aes-sha2", "ciphertext": "x", "session_id": "s",
                                       "m.relates_to": ["rel_type": "m.reference", "event_id": "$request"]])
        #expect(MessageRecord(roomID: "!r", event: step) == nil)
        let message = SyncEvent(type: "m.room.encrypted", eventID: "$m", sender: "@b:hs", originServerTS: 1,
                                content: ["algorithm": "m.megolm.v1.aes-sha2", "ciphertext": "x", "session_id": "s"])
        #expect(MessageRecord(roomID: "!r", event: message)?.decryptionFailure != nil)
    }
}
