import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateSearchTests {
    typealias Messaging = AppStateMessagingTests

    @Test func resultsAreNumberedAndTheNumbersOpenAndAnswerThem() async throws {
        let asked = Recorder<String>()
        var rooms = FakeRoomService()
        rooms.searching = { term, roomID throws(MatrixError) in
            await asked.append("\(term) in \(roomID ?? "all")")
            var old = Messaging.event("the budget, long ago", from: "@bob:hs", at: 500)
            old.eventID = "$old"
            old.roomID = "!lobby:hs"
            return [old]
        }
        let app = AppHarness(sync: Messaging.firstSync(Messaging.lobby), send: { _ throws(MatrixError) in
            await suspendUntilCancelled()
            throw .transport(.cancelled)
        }, roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(!(await app.state.run(line: "/search budget")), "a room must be open, or --all given")
        #expect(await app.state.run(line: "/search budget --all"))
        guard case .room(.searchResults(let hits, _))? = app.log.outcomes.last else { Issue.record("no results"); return }
        #expect(hits.map(\.roomName) == ["Lobby"] && hits.map(\.message.body) == ["the budget, long ago"])
        let number = try #require(hits.first?.message.reference)

        #expect(await app.state.run(line: "/open ~\(number)"), "a result's number opens its room")
        #expect(app.state.currentRoomID == "!lobby:hs")
        #expect(await app.state.run(line: "/reply ~\(number) still true"), "and answers it, though the store never held it")
        let entries = try await #require(app.state.store).outbox()
        #expect(entries.map(\.relation) == [.reply(to: "$old", sender: "@bob:hs")])
        #expect(await asked.values == ["budget in all"])
    }

    @Test func resultsAreReadFromTheServersAnswer() throws {
        let json = #"""
        {"search_categories": {"room_events": {"count": 7, "results": [
          {"rank": 1.5, "result": {"type": "m.room.message", "event_id": "$a", "room_id": "!r", "sender": "@b:hs",
                                   "origin_server_ts": 1, "content": {"msgtype": "m.text", "body": "found"}}},
          {"rank": 1, "result": {"type": "m.room.message"}},
          {"rank": 1, "context": {}}
        ], "next_batch": "n"}}}
        """#
        let results = try SearchResults(json: Data(json.utf8))
        #expect(results.count == 7 && results.events.map(\.eventID) == ["$a", nil] && results.events.first?.roomID == "!r")
        #expect(results.events.map(\.malformedField) == [nil, "sender"], "a result without a sender is malformed")
        #expect(throws: MatrixError.self) { try SearchResults(json: Data("{".utf8)) }
    }
}
