import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient
import MatrixJSON

/// Polls shown in the timeline, and `/vote`, `/endpoll` and `/poll` as they reach the outbox.
@MainActor
@Suite struct AppStatePollsTests {
    typealias Messaging = AppStateMessagingTests

    static var lobbyWithPoll: SyncResponse {
        var response = Messaging.lobby
        let reference: JSONValue = ["rel_type": "m.reference", "event_id": "$poll"]
        response.rooms.joined["!lobby:hs"]?.timeline.events += [
            SyncEvent(type: "org.matrix.msc3381.poll.start", eventID: "$poll", sender: "@bob:hs", originServerTS: 2_000, content: PollTests.elementStart),
            SyncEvent(type: "org.matrix.msc3381.poll.response", eventID: "$v1", sender: "@bob:hs", originServerTS: 2_100,
                      content: ["m.relates_to": reference, "org.matrix.msc3381.poll.response": ["answers": ["s"]]]),
        ]
        return response
    }

    @Test func aPollShowsItsAnswersAndVotesAndAVoteGoesOutWithItsAnswersIDs() async throws {
        let sent = Recorder<JSONValue>()
        var rooms = FakeRoomService()
        rooms.levels = { _ throws(MatrixError) in PowerLevels(content: nil, create: ["sender": "@bob:hs", "content": ["room_version": "12"]]) }
        let app = AppHarness(sync: Messaging.firstSync(Self.lobbyWithPoll), send: { entry throws(MatrixError) in
            await sent.append(OutgoingContent.content(for: entry))
            return "$sent\(entry.transactionID)"
        }, roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        #expect(await app.state.run(line: "/open Lobby"))
        guard case .room(.opened(_, let messages, _, _))? = app.log.outcomes.last, let poll = messages.last?.poll, let number = messages.last?.reference else {
            Issue.record("no poll shown")
            return
        }
        #expect(poll.results.count(of: "s") == 1)
        let lines = MessageText(theme: Theme(usesColor: false, accent: .named(.green)), now: Date()).lines(for: messages[messages.count - 1])
        #expect(lines.contains { $0.hasSuffix("Bob: 📊 Lunch?") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix("1. Pizza — 0 votes") } && lines.contains { $0.hasSuffix("2. Sushi — 1 vote") }, "\(lines)")
        #expect(lines.contains { $0.contains("1 voter · /vote ~\(number) N") }, "\(lines)")

        #expect(!(await app.state.run(line: "/vote ~\(number) 3")))
        #expect(!(await app.state.run(line: "/vote ~\(number) 1 2")))
        #expect(!(await app.state.run(line: "/vote ~1 1")), "the first message is no poll")
        #expect(!(await app.state.run(line: "/endpoll ~\(number)")), "Bob's poll, and no power to end others'")
        #expect(await app.state.run(line: "/vote ~\(number) pizza"))
        #expect(app.log.failures.map(ErrorCodes.code(for:)) == ["unknown_poll_answer", "too_many_poll_answers", "not_a_poll", "power_level_too_low"])
        #expect(await app.state.run(line: #"/poll "Where?" "Here and now" There --multiple 2"#))
        #expect(await app.state.run(line: "/wait sent"))
        let vote = await sent.values[0]
        #expect(vote["org.matrix.msc3381.poll.response"]?["answers"] == ["p"])
        #expect(vote["m.relates_to"] == ["rel_type": "m.reference", "event_id": "$poll"])
        let started = try #require(PollDefinition(content: await sent.values[1]))
        #expect(started.question == "Where?" && started.answers.map(\.text) == ["Here and now", "There"] && started.maxSelections == 2)
    }
}
