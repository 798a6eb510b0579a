import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `/dm` and `/invite` look the user up on their server first: one not found is refused and
/// nothing is created or sent, unless the command is forced with `!`.
@MainActor
@Suite struct AppStateUserLookupTests {
    typealias Messaging = AppStateMessagingTests

    /// A server that knows everyone but ghost, and records what is created and who is invited.
    static func rooms(created: Recorder<RoomCreation>, invited: Recorder<String>) -> FakeRoomService {
        var rooms = FakeRoomService()
        rooms.exists = { userID throws(MatrixError) in userID != "@ghost:hs" }
        rooms.create = { creation throws(MatrixError) in await created.append(creation); return "!new:hs" }
        rooms.changeMembership = { _, userID, _, _ throws(MatrixError) in await invited.append(userID) }
        return rooms
    }

    func loggedIn(_ rooms: FakeRoomService) async throws -> AppHarness {
        let app = AppHarness(sync: Messaging.firstSync(Messaging.lobby), roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        return app
    }

    @Test func aDirectChatWithAnUnknownUserIsRefusedUnlessForced() async throws {
        let created = Recorder<RoomCreation>(), invited = Recorder<String>()
        let app = try await loggedIn(Self.rooms(created: created, invited: invited))
        #expect(!(await app.state.run(line: "/dm @ghost:hs")))
        #expect(app.log.failures == [.userNotFound("@ghost:hs", command: "dm")])
        #expect(await created.values.isEmpty, "nothing is created for a ghost")
        #expect(app.state.currentRoomID == nil)

        #expect(await app.state.run(line: "/dm! @ghost:hs"))
        #expect(app.log.outcomes.last == .membership(.directChat(roomID: "!new:hs", userID: "@ghost:hs", isNew: true)))
        #expect(await created.values == [RoomCreation(directChatPartner: "@ghost:hs", isEncrypted: true)])
    }

    @Test func anInviteOfAnUnknownUserIsRefusedUnlessForced() async throws {
        let created = Recorder<RoomCreation>(), invited = Recorder<String>()
        let app = try await loggedIn(Self.rooms(created: created, invited: invited))
        await app.state.run(line: "/open Lobby")
        #expect(!(await app.state.run(line: "/invite @ghost:hs")))
        #expect(app.log.failures == [.userNotFound("@ghost:hs", command: "invite")])
        #expect(await invited.values.isEmpty)
        #expect(await app.state.run(line: "/invite @carol:hs"))
        #expect(await app.state.run(line: "/invite! @ghost:hs"))
        #expect(await invited.values == ["@carol:hs", "@ghost:hs"])
        // Only an invite asks: the others act on people already in the room, or on an ID as typed.
        #expect(await app.state.run(line: "/unban @ghost:hs"))
    }

    @Test func aLookupThatFailsStopsTheCommandAndOneselfIsNoDirectChat() async throws {
        let created = Recorder<RoomCreation>()
        var rooms = FakeRoomService()
        rooms.exists = { _ throws(MatrixError) in throw .transport(.timedOut) }
        rooms.create = { creation throws(MatrixError) in await created.append(creation); return "!new:hs" }
        let app = try await loggedIn(rooms)
        #expect(!(await app.state.run(line: "/dm @bob:hs")))
        #expect(!(await app.state.run(line: "/dm @alice:example")))
        #expect(app.log.failures == [.matrix(.transport(.timedOut)), .directChatWithSelf])
        #expect(await created.values.isEmpty)
    }

    @Test func theRefusalsSayWhatToDoInBothLanguages() {
        let notFound = ShellError.userNotFound("@ghost:hs", command: "dm")
        L10n.$languageOverride.withValue("en") {
            #expect(ErrorMessages.message(for: notFound)
                == "No user @ghost:hs was found on their server, so nothing was done. If you are sure of the ID, /dm! goes ahead anyway.")
            #expect(ErrorMessages.message(for: .directChatWithSelf) == "You can’t start a direct chat with yourself.")
            #expect(ErrorMessages.message(for: .userWithoutDevices("@carol:hs")).hasPrefix("@carol:hs has no device with encryption keys"))
        }
        L10n.$languageOverride.withValue("de") {
            #expect(ErrorMessages.message(for: notFound).contains("macht /dm! trotzdem weiter"))
        }
        #expect(ErrorCodes.code(for: notFound) == "user_not_found")
        #expect(ErrorCodes.code(for: .userWithoutDevices("@carol:hs")) == "user_without_devices")
        #expect(ErrorCodes.code(for: .directChatWithSelf) == "direct_chat_with_self")
    }
}
