import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `/view-source`, `/labs` and `/report-problem` through AppState, on fakes.
@MainActor
@Suite struct AppStateDeveloperTests {
    typealias Messaging = AppStateMessagingTests

    /// The server's copy of `$earlier`, the Lobby's message, with a field the client does not read.
    nonisolated static let earlier: JSONValue = [
        "type": "m.room.message", "event_id": "$earlier", "sender": "@bob:hs", "origin_server_ts": 1_000, "room_id": "!lobby:hs",
        "content": ["msgtype": "m.text", "body": "earlier"], "unsigned": ["age": 42],
    ]

    /// A homeserver that has the events of `events` by ID, and notes each request.
    static func serving(_ events: [String: JSONValue], noting requests: Recorder<String>) -> FakeRoomService {
        var rooms = FakeRoomService()
        rooms.eventSource = { eventID, roomID throws(MatrixError) in
            await requests.append("\(roomID) \(eventID)")
            guard let json = events[eventID] else { throw .notFound }
            return try RoomEventSource(json: Data(json.line.utf8))
        }
        return rooms
    }

    @Test func viewSourceShowsTheEventAsTheServerSentIt() async throws {
        let requests = Recorder<String>()
        let app = try await AppStateMembershipTests().loggedIn(Self.serving(["$earlier": Self.earlier], noting: requests))
        await app.state.run(line: "/set developer.show_developer_settings on")
        await app.state.run(line: "/open Lobby")
        #expect(await app.state.run(line: "/view-source ~1"))
        #expect(app.log.outcomes.last == .developer(.eventSource(EventSource(eventID: "$earlier", event: Self.earlier, decryption: nil))))
        #expect(await app.state.run(line: "/view-source ^"), "the latest message of the open room")
        #expect(await requests.values == ["!lobby:hs $earlier", "!lobby:hs $earlier"])

        let text = L10n.$languageOverride.withValue("en") { TextRenderer(theme: Theme(usesColor: false, accent: .named(.green))).lines(for: app.log.reports.last!) }
        #expect(text.first == "Event $earlier as the server sent it:")
        #expect(text.contains("  \"unsigned\" : {"), "every field, pretty-printed")
        #expect(text.firstIndex { $0.contains("\"content\"") }! < text.firstIndex { $0.contains("\"event_id\"") }!, "keys sorted")
    }

    @Test func anEventIDTheStoreLacksIsAskedForInTheOpenRoom() async throws {
        let requests = Recorder<String>()
        let app = try await AppStateMembershipTests().loggedIn(Self.serving([:], noting: requests))
        await app.state.run(line: "/set developer.show_developer_settings on")
        #expect(!(await app.state.run(line: "/view-source $elsewhere")), "no room to ask in")
        #expect(app.log.failures == [.unknownMessage("$elsewhere")])
        #expect(!(await app.state.run(line: "/view-source ~9")))
        await app.state.run(line: "/open Lobby")
        #expect(!(await app.state.run(line: "/view-source $elsewhere")))
        #expect(app.log.failures.last == .matrix(.notFound))
        #expect(await requests.values == ["!lobby:hs $elsewhere"])
    }

    @Test func anEncryptedEventShowsItsDecryptedEventBeside() async throws {
        let encryption = AppStateEncryptionTests()
        let bob = try await encryption.standalone("@bob:hs", "PHONE")
        let ciphertext = try await bob.encrypt(type: "m.room.message", content: ["msgtype": "m.text", "body": "the plan"], roomID: "!lobby:hs",
                                               settings: RoomEncryption())
        var sealed = ciphertext.object ?? [:]
        sealed = ["type": "m.room.encrypted", "event_id": "$sealed", "sender": "@bob:hs", "origin_server_ts": 2_000, "content": .object(sealed)]
        let unknown: JSONValue = ["type": "m.room.encrypted", "event_id": "$unknown", "sender": "@bob:hs", "origin_server_ts": 3_000,
                                  "content": AppStateEncryptedTimelineTests.encrypted("$unknown", session: "S9", at: 3_000).content]
        let requests = Recorder<String>()
        let app = try await encryption.loggedIn(rooms: Self.serving(["$sealed": .object(sealed), "$unknown": unknown], noting: requests))
        await app.state.run(line: "/set developer.show_developer_settings on")
        _ = await app.state.crypto?.importRoomKeys(try await bob.exportRoomKeys())
        await app.state.run(line: "/open Lobby")

        #expect(await app.state.run(line: "/view-source $sealed"))
        #expect(app.log.outcomes.last == .developer(.eventSource(EventSource(
            eventID: "$sealed", event: .object(sealed),
            decryption: .decrypted(["type": "m.room.message", "content": ["msgtype": "m.text", "body": "the plan"]])))))
        #expect(await app.state.run(line: "/view-source $unknown"), "the source shows, with why it is not decrypted")
        #expect(app.log.outcomes.last == .developer(.eventSource(EventSource(eventID: "$unknown", event: unknown, decryption: .failed(.missingKey)))))
        let text = L10n.$languageOverride.withValue("en") { TextRenderer(theme: Theme(usesColor: false, accent: .named(.green))).lines(for: app.log.reports.last!) }
        #expect(text.last == "Unable to decrypt: the key has not arrived yet (it is shown when it does)")
    }

    @Test func labsListsTheSyncModeAndEveryDeveloperFlagAsSetForTheRun() async {
        let app = AppHarness(profile: "clap")
        await app.state.run(line: "/set sync v3")
        await app.state.run(line: "/set developer.show_developer_settings on")
        #expect(await app.state.run(line: "/labs"))
        guard case .developer(.labs(let switches))? = app.log.outcomes.last else { Issue.record("no switches"); return }
        #expect(switches.map(\.settingName) == ["sync"] + DeveloperOptions.Flag.allCases.map(\.settingName))
        #expect(switches.map(\.value) == ["v3", "off", "off", "on", "on", "on"])
        #expect(switches.first?.accepted == ["auto", "sliding", "v3"])
        #expect(switches.last?.accepted == ["on", "off"])
    }

    @Test func reportProblemWritesAPrivateArchiveNamedByTheClock() async throws {
        let clock = TestClock()
        let app = AppHarness(sync: Messaging.firstSync(Messaging.lobby), clock: clock)
        await app.state.run(line: "/set developer.show_developer_settings on")
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        let log = app.directory.url.appending(path: FileLogHandler.fileName)
        try "a line before\nGET /sync token=secret-token\nthe last line\n".write(to: log, atomically: true, encoding: .utf8)
        clock.advance(by: .seconds(90))

        #expect(await app.state.run(line: "/report-problem"))
        guard case .developer(.problemReported(let path, let size))? = app.log.outcomes.last else { Issue.record("no report"); return }
        #expect(path == app.directory.url.appending(path: "problem-report-20260101T000130Z.tar").path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let archive = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(archive.count == size && archive.count % 512 == 0)
        let text = String(decoding: archive, as: UTF8.self)
        #expect(!text.contains("secret-token"), "the line with the access token is left out")
        #expect(text.contains("a line before\nthe last line\n"))
        #expect(text.contains("\"integrity_check\" : \"ok\""))
        #expect(text.contains("\"user_id\" : \"@alice:example\""))
        #expect(text.contains("\"lines_left_out\" : 1"))
        #expect(!text.contains("hunter2"), "nor the password")

        #expect(await app.state.run(line: "/report-problem"), "a second report in the same second gets a name of its own")
        guard case .developer(.problemReported(let second, _))? = app.log.outcomes.last else { Issue.record("no report"); return }
        #expect(second.hasSuffix("problem-report-20260101T000130Z-2.tar"))
    }

    @Test func reportProblemWorksWithoutASession() async throws {
        let app = AppHarness()
        await app.state.run(line: "/set developer.show_developer_settings on")
        #expect(await app.state.run(line: "/report-problem"))
        guard case .developer(.problemReported(let path, _))? = app.log.outcomes.last else { Issue.record("no report"); return }
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(text.contains("\"session\" : null") && text.contains("\"store\" : null"))
    }

    @Test func developerCommandsAreInHelpOnlyWithTheFlag() async {
        let app = AppHarness(profile: "clap")
        let developer: Set = ["view-source", "labs", "report-problem"]
        await app.state.run(line: "/help")
        guard case .help(let hidden, _)? = app.log.outcomes.last else { Issue.record("no help"); return }
        #expect(Set(hidden.map(\.name)).isDisjoint(with: developer))
        #expect(!(await app.state.run(line: "/help report-problem")))
        #expect(!(await app.state.run(line: "/labs")), "typed anyway, it is refused")
        #expect(app.log.failures == [.turnedOff(command: "/report-problem", profile: "clap", flag: .showDeveloperSettings),
                                     .turnedOff(command: "/labs", profile: "clap", flag: .showDeveloperSettings)])

        await app.state.run(line: "/set developer.show_developer_settings on")
        await app.state.run(line: "/help")
        guard case .help(let shown, _)? = app.log.outcomes.last else { Issue.record("no help"); return }
        #expect(Set(shown.map(\.name)).isSuperset(of: developer))
        #expect(await app.state.run(line: "/help report-problem"))
    }
}
