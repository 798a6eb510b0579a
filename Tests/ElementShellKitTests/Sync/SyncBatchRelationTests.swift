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

extension SyncBatchRelationTests {
    /// Rooms are read in ranges at once when there are many: put together, the batch is what
    /// reading them one by one in their order makes, each message with its own push event.
    @Test func aBatchOfManyRoomsKeepsTheRoomsOrder() {
        var joined: [String: SyncResponse.JoinedRoom] = [:]
        for room in 0..<64 {
            let roomID = String(format: "!r%02d", room)
            let member = SyncEvent(type: "m.room.member", eventID: "$m\(room)", sender: "@b:hs", stateKey: "@b:hs",
                                   content: ["membership": "join", "displayname": .string("B\(room)")])
            let messages = (0..<3).map { index in
                SyncEvent(type: "m.room.message", eventID: "$e\(room).\(index)", sender: index == 1 ? "@me:hs" : "@b:hs",
                          originServerTS: Int64(index), content: ["msgtype": "m.text", "body": .string("\(roomID) \(index)")])
            }
            let reaction = SyncEvent(type: "m.reaction", eventID: "$x\(room)", sender: "@b:hs",
                                     content: ["m.relates_to": ["rel_type": "m.annotation", "event_id": .string("$e\(room).0"), "key": "+1"]])
            joined[roomID] = .init(state: [member], timeline: .init(events: messages + [reaction]))
        }
        #expect(SplitWork.rangeCount(for: joined.count, minimumPerRange: 16, cores: 2) == 2)

        let batch = SyncBatch(SyncResponse(nextBatch: "s", rooms: .init(joined: joined)), userID: "@me:hs")

        let roomIDs = joined.keys.sorted()
        #expect(batch.messages.map(\.body) == roomIDs.flatMap { roomID in (0..<3).map { "\(roomID) \($0)" } })
        #expect(batch.members.map(\.displayName) == (0..<64).map { "B\($0)" })
        #expect(batch.reactions.map(\.targetID) == (0..<64).map { "$e\($0).0" })
        #expect(batch.pushEvents.count == batch.messages.count)
        #expect(zip(batch.messages, batch.pushEvents).allSatisfy { message, event in
            message.sender == "@me:hs" ? event == nil : event?.content["body"]?.string == message.body
        }, "each message's push event at its index; none for the user's own")
    }
}
