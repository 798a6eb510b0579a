import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Invites tell themselves once, with who, to what and the `/accept` that takes them; those to
/// direct chats, accepted (by `/accept` or `/join`), are recorded in `m.direct` under the
/// inviter, as Element records them, so `/dm` and `/verify` find them again.
@MainActor
@Suite struct AppStateInviteTests {
    typealias Messaging = AppStateMessagingTests

    /// The Lobby, a direct chat invite from carol and a room invite from dave.
    static var lobbyAndDirectInvite: SyncResponse {
        var response = Messaging.lobby
        func invite(from sender: String, isDirect: Bool) -> SyncResponse.InvitedRoom {
            .init(inviteState: [SyncEvent(type: "m.room.member", sender: sender, stateKey: "@alice:example",
                                          content: .object(["membership": "invite", "is_direct": .bool(isDirect)]))])
        }
        response.rooms.invited = ["!dm:hs": invite(from: "@carol:hs", isDirect: true), "!club:hs": invite(from: "@dave:hs", isDirect: false)]
        return response
    }

    func loggedIn(_ rooms: FakeRoomService = FakeRoomService(), sharing directory: TemporaryDirectory? = nil) async throws -> AppHarness {
        let app = AppHarness(sync: Messaging.firstSync(Self.lobbyAndDirectInvite), roomService: rooms, sharing: directory)
        if directory == nil {
            await app.state.run(line: "/login matrix.org alice")
        } else {
            await app.state.send(.resumeSession)
        }
        try await waitUntil { app.state.syncStatus == .live }
        return app
    }

    static func invitations(_ app: AppHarness) -> [Invitation] {
        app.log.reports.compactMap { report in
            guard case .invited(let invitation) = report.content else { return nil }
            return invitation
        }
    }

    @Test func eachInviteIsToldOnceWithWhoToWhatAndItsNumber() async throws {
        let first = try await loggedIn()
        // `/rooms` lists invites first, by ID when neither has activity.
        #expect(Self.invitations(first) == [
            Invitation(roomID: "!club:hs", inviterID: "@dave:hs", roomName: nil, isDirect: false, number: 1),
            Invitation(roomID: "!dm:hs", inviterID: "@carol:hs", roomName: nil, isDirect: true, number: 2),
        ])
        await first.state.stopSyncAndWait()

        // The next run's sync brings the same invites, still pending: they were told already.
        let second = try await loggedIn(sharing: first.directory)
        #expect(second.state.rooms["!dm:hs"]?.membership == .invite)
        #expect(Self.invitations(second).isEmpty)
    }

    @Test func anInviteLineNamesTheInviterTheRoomAndTheAcceptInBothLanguages() {
        let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)))
        func line(_ invitation: Invitation) -> [String] { renderer.lines(for: Report(content: .invited(invitation), location: nil)) }
        let direct = Invitation(roomID: "!dm:hs", inviterID: "@carol:hs", inviterName: "Carol", isDirect: true, number: 2)
        let room = Invitation(roomID: "!club:hs", inviterID: "@dave:hs", roomName: "Book club", isDirect: false, number: nil)
        L10n.$languageOverride.withValue("en") {
            #expect(line(direct) == ["Carol (@carol:hs) invited you to a direct chat: /accept 2 joins it."])
            #expect(line(room) == ["@dave:hs invited you to Book club: /accept !club:hs joins it."], "by ID when unlisted")
            #expect(DesktopNotification.arguments(for: direct.attention, appName: "es", includingBody: true).last == "invited you")
        }
        L10n.$languageOverride.withValue("de") {
            #expect(line(direct) == ["Carol (@carol:hs) lädt dich zu einem Direktchat ein: /accept 2 nimmt an."])
        }
        let json = JSONRenderer.object(for: Report(content: .invited(direct), location: nil))
        #expect(json == ["type": "invite", "room_id": "!dm:hs", "room": .null, "inviter": "@carol:hs", "inviter_name": "Carol",
                         "direct": true, "number": 2])
    }

    /// A fake `m.direct` on the server that starts with one chat of bob's, and what was written.
    static func directChats(_ written: Recorder<DirectChats>) -> FakeRoomService {
        var rooms = FakeRoomService()
        rooms.direct = { () throws(MatrixError) in
            await written.values.last ?? DirectChats(content: .object(["@bob:hs": .array([.string("!lobby:hs")])]))
        }
        rooms.setDirect = { chats throws(MatrixError) in await written.append(chats) }
        return rooms
    }

    @Test func anAcceptedDirectInviteIsRecordedUnderItsInviterAndFoundByDM() async throws {
        let written = Recorder<DirectChats>()
        let app = try await loggedIn(Self.directChats(written))
        #expect(app.state.rooms["!dm:hs"]?.isDirect == true)

        #expect(await app.state.run(line: "/accept !club:hs"))
        #expect(await written.values.isEmpty, "an invite to a room is no direct chat")
        #expect(await app.state.run(line: "/accept !dm:hs"))
        let recorded = try #require(await written.values.last)
        #expect(recorded.rooms(with: "@carol:hs") == ["!dm:hs"])
        #expect(recorded.rooms(with: "@bob:hs") == ["!lobby:hs"], "the rest is written back as it was")

        #expect(await app.state.run(line: "/dm @carol:hs"))
        #expect(app.log.outcomes.last == .membership(.directChat(roomID: "!dm:hs", userID: "@carol:hs", isNew: false)), "no second chat with carol")
        #expect(await written.values.count == 1)
    }

    @Test func aDirectInviteJoinedByJoinIsRecordedToo() async throws {
        let written = Recorder<DirectChats>()
        let app = try await loggedIn(Self.directChats(written))
        #expect(await app.state.run(line: "/join !dm:hs"))
        #expect(await written.values.last?.rooms(with: "@carol:hs") == ["!dm:hs"])
    }

    @Test func aDirectChatAlreadyRecordedIsNotWrittenAgainAndAFailedWriteKeepsTheJoin() async throws {
        let written = Recorder<DirectChats>()
        var rooms = FakeRoomService()
        rooms.direct = { () throws(MatrixError) in DirectChats(content: .object(["@carol:hs": .array([.string("!dm:hs")])])) }
        rooms.setDirect = { chats throws(MatrixError) in await written.append(chats) }
        let app = try await loggedIn(rooms)
        #expect(await app.state.run(line: "/accept !dm:hs"))
        #expect(await written.values.isEmpty, "recorded already: nothing to write")

        var failing = FakeRoomService()
        failing.setDirect = { _ throws(MatrixError) in throw .forbidden(message: "no") }
        let other = try await loggedIn(failing)
        #expect(await other.state.run(line: "/accept !dm:hs"), "the room was joined: that is what the command reports")
        #expect(other.log.outcomes.last == .room(.joined(roomID: "!dm:hs", roomName: "carol")))
        #expect(other.state.currentRoomID == "!dm:hs")
    }
}
