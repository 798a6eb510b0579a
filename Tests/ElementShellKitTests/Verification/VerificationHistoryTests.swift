import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// A device that signs in later finds old verifications in a chat's history: none of them is a
/// request to answer, nor a line of the conversation.
extension VerificationCenterTests {
    func roomRequest(_ eventID: String, sentAt: Date) -> SyncEvent {
        SyncEvent(type: "m.room.message", eventID: eventID, sender: "@alice:hs", originServerTS: Int64(sentAt.timeIntervalSince1970 * 1000),
                  content: ["msgtype": "m.key.verification.request", "body": "verify?", "from_device": "A1", "methods": ["m.sas.v1"],
                            "to": "@bob:hs"])
    }

    @Test func aRequestThatEndedInTheSameHistoryIsNotAnnounced() async throws {
        let bob = try await device("@bob:hs", "B2")
        for (end, content) in [("done", [:]), ("cancel", ["code": "m.user", "reason": "no"])] as [(String, [String: JSONValue])] {
            var ending = content
            ending["m.relates_to"] = ["rel_type": "m.reference", "event_id": .string("$\(end)")]
            let step = SyncEvent(type: "m.key.verification.\(end)", eventID: "$\(end)-end", sender: "@alice:hs", content: .object(ending))
            await bob.center.receive(toDevice: [], rooms: ["!dm:hs": [roomRequest("$\(end)", sentAt: Self.now), step]])
        }
        #expect(bob.reports.all.isEmpty)
        await bob.center.receive(toDevice: [], rooms: ["!dm:hs": [roomRequest("$open", sentAt: Self.now)]])
        #expect(bob.last?.state == .incoming, "one that has not ended is")
    }

    /// Found by the `verification-message` fuzz target: the flow of an in-room request is its event.
    @Test func aRoomRequestWithoutAnEventIDIsNoRequest() {
        #expect(VerificationMessage(roomEvent: roomRequest("", sentAt: Self.now)) == nil)
        var missing = roomRequest("$x", sentAt: Self.now)
        missing.eventID = nil
        #expect(VerificationMessage(roomEvent: missing) == nil)
        #expect(VerificationMessage(roomEvent: roomRequest("$x", sentAt: Self.now))?.flowID == "$x")
    }

    @Test func aRequestsAgeIsReadOnTheSessionsClock() async throws {
        let bob = try await device("@bob:hs", "B2")
        let transport = MemoryVerificationTransport(keys: server.service(userID: "@bob:hs", deviceID: "B2"), rooms: rooms, userID: "@bob:hs",
                                                    now: { Self.now })
        let center = VerificationCenter(crypto: bob.machine, transport: transport, clock: clock)
        let reports = Reports()
        await center.onChange { reports.add($0) }
        await center.receive(toDevice: [], rooms: ["!dm:hs": [roomRequest("$stale", sentAt: clock.date.addingTimeInterval(-11 * 60))]])
        #expect(reports.all.isEmpty, "older than the spec's ten minutes")
        await center.receive(toDevice: [], rooms: ["!dm:hs": [roomRequest("$recent", sentAt: clock.date.addingTimeInterval(-60))]])
        #expect(reports.all.last?.state == .incoming)
    }
}
