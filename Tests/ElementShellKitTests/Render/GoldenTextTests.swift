import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// What people see, compared with reviewed text files in `Golden/`. To accept a deliberate change,
/// run with `ELEMENT_SHELL_RECORD_GOLDEN=1` and review the diff.
@MainActor
@Suite struct GoldenTextTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Golden")
    let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)))

    @Test(arguments: ["en", "de"])
    func help(language: String) async throws {
        try await compare("help.\(language).txt", language: language, lines: ["/help", "/help quit", "/help set", "/set"])
    }

    @Test func helpWrapsAtWordsOnANarrowTerminal() async throws {
        try await compare("help-60-columns.en.txt", language: "en", lines: ["/help", "/help set"], width: 60)
    }

    @Test(arguments: ["en", "de"])
    func clapConfig(language: String) async throws {
        try await compare("config-clap.\(language).txt", language: language, lines: ["/config clap"])
    }

    @Test(arguments: ["en", "de"])
    func errors(language: String) async throws {
        try await compare("errors.\(language).txt", language: language,
                          lines: ["/lgoin", "/login matrix.org", "/whoami", "hello", "/set colour red", "/set history_size -4", "/after soon /x", "/config \"open"])
    }

    @Test(arguments: ["en", "de"])
    func roomsAndMessages(language: String) async throws {
        let messaging = AppStateMessagingTests.self
        var lobby = messaging.lobby
        var dm = SyncResponse.JoinedRoom()
        dm.state = [messaging.member("@bob:hs", name: "Bob")]
        dm.summary = .init(heroes: ["@bob:hs"], joinedMemberCount: 2)
        dm.unreadNotifications = .init(notificationCount: 2, highlightCount: 1)
        dm.timeline = .init(events: [messaging.event("psst", from: "@bob:hs", at: 2_000)])
        lobby.rooms.joined["!dm:hs"] = dm
        lobby.rooms.invited["!party:hs"] = .init(inviteState: [
            SyncEvent(type: "m.room.name", sender: "@carol:hs", stateKey: "", content: .object(["name": .string("Party")])),
        ])
        lobby.accountData["m.direct"] = .object(["@bob:hs": .array([.string("!dm:hs")])])
        let app = AppHarness(sync: messaging.firstSync(lobby))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        try await compare("rooms.\(language).txt", language: language, lines: ["/rooms", "/open Lobby", "/history"], app: app)
    }

    @Test(arguments: ["en", "de"])
    func encryptedRoom(language: String) async throws {
        // Decrypted messages as decryption leaves them: from a verified device, an unverified one, and with a forwarded key.
        func decrypted(_ body: String, senderKey: String, isKeyImported: Bool = false) -> SyncEvent {
            var event = AppStateMessagingTests.event(body, from: "@bob:hs", at: 1_500)
            event.encryption = EventEncryption(senderKey: senderKey, sessionID: "S0", isKeyImported: isKeyImported)
            return event
        }
        var lobby = AppStateEncryptedTimelineTests.encryptedLobby
        lobby.rooms.joined["!lobby:hs"]?.timeline.events.insert(contentsOf: [
            decrypted("verified", senderKey: "bobkey"), decrypted("unverified", senderKey: "newkey"),
            decrypted("forwarded", senderKey: "bobkey", isKeyImported: true),
        ], at: 1)
        let app = AppHarness(sync: AppStateMessagingTests.firstSync(lobby))
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        try await #require(app.state.store).transaction {
            try DeviceRecord(userID: "@bob:hs", deviceID: "B1", curve25519: "bobkey", ed25519: "bobsigning", isVerified: true).insert($0)
        }
        await app.state.loadDeviceTrust()
        try await compare("encrypted.\(language).txt", language: language, lines: ["/rooms", "/open Lobby", "/search plan"], app: app)
    }

    @Test(arguments: ["en", "de"])
    func spaces(language: String) async throws {
        var rooms = FakeRoomService()
        rooms.hierarchyPage = { spaceID, _ throws(MatrixError) in
            SpaceHierarchyPage(rooms: [
                SpaceRoom(roomID: spaceID, name: "Team", isSpace: true, children: ["!general:hs": ["hs"], "!plans:hs": ["hs"]]),
                SpaceRoom(roomID: "!general:hs", name: "General", canonicalAlias: "#general:hs", joinedMemberCount: 4),
                SpaceRoom(roomID: "!plans:hs", name: "Plans", joinedMemberCount: 1, isSpace: true),
            ], next: "more")
        }
        rooms.readState = { roomID, _, userID throws(MatrixError) in
            userID == "@bob:hs" ? ["membership": roomID == "!random:hs" ? "invite" : "join"] : nil
        }
        rooms.levels = { roomID throws(MatrixError) in
            PowerLevels(content: nil, create: .object(["sender": .string(roomID == "!general:hs" ? "@carol:hs" : "@alice:example"),
                                                       "content": .object(["room_version": .string("12")])]))
        }
        var team = AppStateSpacesTests.teamSpace
        team.rooms.joined["!team:hs"]?.summary.joinedMemberCount = 25
        let app = AppHarness(profile: "clap", sync: AppStateMessagingTests.firstSync(team), roomService: rooms)
        await app.state.run(line: "/login clap alice")
        try await waitUntil { app.state.syncStatus == .live }
        try await compare("spaces.\(language).txt", language: language,
                          lines: ["/spaces", "/rooms", "/open Team", "/space Team", "/join Team", "/space-kick Team @bob:hs", "/space-kick Team @erin:hs", "/space nowhere",
                                  "/help space", "/space add Team Lobby", "/create Side --in Team", "/joinrule"],
                          app: app)
    }

    @Test(arguments: ["en", "de"])
    func developerCommands(language: String) async throws {
        var rooms = FakeRoomService()
        rooms.eventSource = { _, _ throws(MatrixError) in try RoomEventSource(json: Data(AppStateDeveloperTests.earlier.line.utf8)) }
        let app = AppHarness(profile: "clap", sync: AppStateMessagingTests.firstSync(AppStateMessagingTests.lobby), roomService: rooms)
        await app.state.run(line: "/login clap alice")
        try await waitUntil { app.state.syncStatus == .live }
        try await compare("developer.\(language).txt", language: language,
                          lines: ["/set developer.show_developer_settings on", "/help view-source", "/help report-problem", "/labs",
                                  "/open Lobby", "/view-source ~1", "/view-source ~9"],
                          app: app)
    }

    private func compare(_ name: String, language: String, lines: [String], width: Int? = nil, app: AppHarness = AppHarness()) async throws {
        let renderer = TextRenderer(theme: renderer.theme, width: width)
        app.log.reports.removeAll()
        for line in lines {
            await app.state.run(line: line)
        }
        let text = L10n.$languageOverride.withValue(language) {
            app.log.reports.flatMap(renderer.lines(for:)).joined(separator: "\n") + "\n"
        }.replacingOccurrences(of: app.directory.url.path, with: "<data>")
            // Times are local: the same file must hold in any time zone.
            .replacing(/\[[^\]\n]*\d\d:\d\d\]/, with: "[time]")
        let file = Self.directory.appending(path: name)
        if ProcessInfo.processInfo.environment["ELEMENT_SHELL_RECORD_GOLDEN"] == "1" {
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(text == expected, "\(name) differs; record with ELEMENT_SHELL_RECORD_GOLDEN=1 and review")
    }
}
