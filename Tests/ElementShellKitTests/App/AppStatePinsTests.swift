import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient
import MatrixJSON

/// `/pins`, `/pin` and `/unpin` against a server that keeps the room's pins.
@MainActor
@Suite struct AppStatePinsTests {
    typealias Messaging = AppStateMessagingTests

    /// The Lobby with "earlier" (stored), "$old" (only on the server) and "$gone" (nowhere) pinned.
    static var pinnedLobby: SyncResponse {
        var response = Messaging.lobby
        response.rooms.joined["!lobby:hs"]?.state.append(SyncEvent(type: "m.room.pinned_events", sender: "@bob:hs", stateKey: "",
                                                                   content: ["pinned": ["$earlier", "$old", "$gone"]]))
        return response
    }

    static func keepingPins(_ written: Recorder<[String]>, levels: PowerLevels? = nil) -> FakeRoomService {
        var rooms = FakeRoomService()
        rooms.readState = { _, type, _ throws(MatrixError) in
            #expect(type == "m.room.pinned_events")
            let pinned = await written.values.last ?? ["$earlier", "$old", "$gone"]
            return ["pinned": .array(pinned.map { .string($0) })]
        }
        rooms.writeState = { _, _, content, _ throws(MatrixError) in
            await written.append((content["pinned"]?.array ?? []).compactMap(\.string))
        }
        rooms.eventSource = { eventID, _ throws(MatrixError) in
            guard eventID == "$old" else { throw .notFound }
            let event = Messaging.event("old", from: "@bob:hs", at: 10)
            return RoomEventSource(json: [:], event: event)
        }
        if let levels { rooms.levels = { _ throws(MatrixError) in levels } }
        return rooms
    }

    func loggedIn(_ rooms: FakeRoomService) async throws -> AppHarness {
        let app = AppHarness(sync: Messaging.firstSync(Self.pinnedLobby), roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        return app
    }

    @Test func pinsListStoredFetchedAndUnavailableMessagesInTheirOrder() async throws {
        let written = Recorder<[String]>()
        let app = try await loggedIn(Self.keepingPins(written))
        #expect(await app.state.run(line: "/open Lobby"))
        guard case .room(.opened(_, _, _, let header))? = app.log.outcomes.last else { Issue.record("not opened"); return }
        #expect(header.pinnedCount == 3, "the header counts what the store kept of the room's pins")
        #expect(await app.state.run(line: "/pins"))
        guard case .pin(.list(_, let pins))? = app.log.outcomes.last else { Issue.record("no pins"); return }
        #expect(pins.count == 3)
        guard case .message(let stored) = pins[0], case .message(let fetched) = pins[1], case .unavailable("$gone", let number) = pins[2] else {
            Issue.record("\(pins)")
            return
        }
        #expect(stored.body == "earlier" && fetched.body == "old")
        let lines = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green))).lines(for: Report(content: .result(command: "pins", outcome: .pin(.list(roomName: "Lobby", pins: pins))), location: nil))
        #expect(lines.first == "Pinned in Lobby (3):")

        // A number /pins gave names even what the device cannot show; the list goes back whole.
        #expect(await app.state.run(line: "/unpin ~\(number)"))
        #expect(await written.values == [["$earlier", "$old"]])
        #expect(await app.state.run(line: "/unpin ~\(fetched.reference ?? 0)"), "a fetched message keeps its number")
        #expect(!(await app.state.run(line: "/unpin ~\(number)")))
        #expect(await app.state.run(line: "/pin ^"))
        #expect(app.log.outcomes.last == .pin(.changed(number: stored.reference, eventID: "$earlier", isPinned: true, changed: false, count: 1,
                                                       roomName: "Lobby")))
        #expect(app.log.failures == [.notPinned("~\(number)")])
        #expect(await written.values == [["$earlier", "$old"], ["$earlier"]], "pinning what is pinned writes nothing")
    }

    @Test func pinningNeedsTheLevelOfThePinsEvent() async throws {
        let written = Recorder<[String]>()
        let levels = PowerLevels(content: ["users": ["@bob:hs": 100], "events": ["m.room.pinned_events": 50]],
                                 create: ["sender": "@bob:hs", "content": ["room_version": "10"]])
        let app = try await loggedIn(Self.keepingPins(written, levels: levels))
        await app.state.run(line: "/open Lobby")
        #expect(!(await app.state.run(line: "/unpin $old")))
        #expect(app.log.failures == [.stateNotPermitted(command: "/unpin", roomName: "Lobby", required: 50, own: 0)])
        #expect(await written.values.isEmpty)
    }
}
