import Foundation
import Testing

/// Notification levels kept as push rules, read and written the way Element X keeps them: max's
/// shell and max's Element X (the Rust SDK peer: another device of the same account) each set a
/// room's level and the other follows; ned (matrix-nio) writes to max meanwhile. Both are this
/// suite's alone.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil && RustSDKPeer.python != nil && NioPeer.python != nil,
                             "needs Synapse and the nio and Rust SDK venvs of Scripts/test"))
struct ShellNotificationIntegrationTests {
    let homeserver = TestHomeserver.current!
    var max: String { homeserver.user(39) }
    var maxID: String { "@\(max):\(homeserver.serverName)" }
    var ned: NioPeer { NioPeer(homeserver: homeserver, user: homeserver.user(40)) }
    var password: [String: String] { ["ELEMENT_SHELL_PASSWORD": homeserver.password] }

    /// What asked for the user in a run: its notifications and mention lines.
    static func alerts(in run: ShellProcess.Result) -> [[String: Any]] {
        run.objects.filter { ["notification", "mention"].contains($0["type"] as? String) }
    }

    static func room(_ roomID: String, in run: ShellProcess.Result) -> [String: Any]? {
        (run.result(of: "rooms")?["rooms"] as? [[String: Any]])?.first { $0["room_id"] as? String == roomID }
    }

    func mention(_ text: String, in roomID: String) async throws {
        _ = try await ned.sendEvent("m.room.message", content: #"{"msgtype": "m.text", "body": "\#(maxID): \#(text)", "m.mentions": {"user_ids": ["\#(maxID)"]}}"#,
                                    to: roomID)
    }

    @Test func aRoomMutedInElementStaysQuietInTheShellAndALevelSetHereIsElementsToo() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let roomID = try await ned.createRoom(named: "Levels \(UUID().uuidString.prefix(6))", inviting: maxID, displayName: "Ned Nio")
        let joined = try await shell.run(base + ["-c", "/login test \(max)", "-c", "/join \(roomID)", "-c", "/wait sync"], extraEnvironment: password)
        #expect(joined.status == 0, "\(joined)")

        // At the room's default, a mention asks for max: what the muted room must not do.
        try await mention("first", in: roomID)
        let loud = try await shell.run(base + ["-c", "/wait sync", "-c", "/rooms"])
        #expect(Self.alerts(in: loud).contains { $0["type"] as? String == "notification" && $0["mention"] as? Bool == true }, "\(loud.standardOutput)")
        #expect(Self.room(roomID, in: loud)?["muted"] as? Bool == false)

        // Element X on max's phone mutes the room; ned mentions max again.
        let phone = try homeserver.phone(of: max, in: shell)
        #expect(try await phone.notificationMode(of: roomID, set: "mute") == "mute")
        try await mention("second", in: roomID)
        let quiet = try await shell.run(base + ["-c", "/wait sync", "-c", "/rooms", "-c", "/open \(roomID)", "-c", "/notify"])
        #expect(quiet.status == 0, "\(quiet)")
        #expect(Self.alerts(in: quiet).isEmpty, "\(quiet.standardOutput)")
        #expect(Self.room(roomID, in: quiet)?["muted"] as? Bool == true)
        let level = try #require(quiet.result(of: "notify"))
        #expect(level["level"] as? String == "mute" && level["own"] as? Bool == true, "\(level)")

        // The shell sets "mentions and keywords": Element X reads it, and a keyword notifies as a mention does.
        let set = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/notify mentions", "-c", "/notify keywords add pineapple"])
        #expect(set.status == 0, "\(set)")
        #expect(set.result(of: "notify").flatMap { $0["keywords"] as? [String] }?.contains("pineapple") == true, "\(set.standardOutput)")
        #expect(try await phone.notificationMode(of: roomID, expect: "mentions") == "mentions")
        try await ned.send(["pineapple pizza tonight?", "just chatting"], to: roomID)
        let keyword = try await shell.run(base + ["-c", "/wait sync", "-c", "/rooms", "-c", "/notify keywords remove pineapple"])
        let alerts = Self.alerts(in: keyword)
        #expect(alerts.contains { $0["type"] as? String == "notification" && $0["mention"] as? Bool == true }, "\(keyword.standardOutput)")
        // Only the keyword counts at this level, as a mention; the other message not at all.
        let counts = Self.room(roomID, in: keyword)
        #expect(counts?["notification_count"] as? Int == 1 && counts?["highlight_count"] as? Int == 1, "\(counts ?? [:])")
        #expect(keyword.result(of: "notify").flatMap { $0["keywords"] as? [String] } == [], "\(keyword.standardOutput)")

        // Back to the default, from the shell: Element X sees none of the room's own.
        let restored = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/notify default"])
        #expect(restored.result(of: "notify")?["own"] as? Bool == false, "\(restored.standardOutput)")
        #expect(try await phone.notificationMode(of: roomID, expect: "default") == "default")
    }

    @Test func theAccountsDefaultsAreElementsDefaults() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let set = try await shell.run(base + ["-c", "/login test \(max)", "-c", "/notify --global group mentions", "-c", "/notify --global invites off"],
                                      extraEnvironment: password)
        #expect(set.status == 0, "\(set)")
        let defaults = try #require(set.result(of: "notify"))
        #expect((defaults["defaults"] as? [String: String])?["group"] == "mentions", "\(defaults)")
        #expect(defaults["invites"] as? Bool == false)
        let phone = try homeserver.phone(of: max, in: shell)
        #expect(try await phone.defaultMode(of: "group", expect: "mentions") == "mentions")
        #expect(try await phone.defaultMode(of: "direct") == "all", "the other kinds are left as they were")

        let back = try await shell.run(base + ["-c", "/notify --global group all", "-c", "/notify --global invites on", "-c", "/notify --global"])
        #expect((back.result(of: "notify")?["defaults"] as? [String: String])?["group"] == "all", "\(back.standardOutput)")
        #expect(try await phone.defaultMode(of: "group", expect: "all") == "all")
    }

    @Test func aRoomMarkedUnreadHereIsMarkedInElementAndTheReverse() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let roomID = try await ned.createRoom(named: "Marks \(UUID().uuidString.prefix(6))", inviting: maxID, displayName: "Ned Nio")
        let marked = try await shell.run(base + ["-c", "/login test \(max)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/back",
                                                 "-c", "/unread-mark \(roomID)", "-c", "/unread-mark nowhere", "-c", "/rooms --unread"],
                                         extraEnvironment: password)
        #expect(marked.errorCodes == ["unknown_room"], "\(marked.standardOutput)")
        let listed = (marked.result(of: "rooms")?["rooms"] as? [[String: Any]])?.first { $0["room_id"] as? String == roomID }
        #expect(listed?["marked_unread"] as? Bool == true, "a marked room is unread without a message: \(marked.standardOutput)")

        let phone = try homeserver.phone(of: max, in: shell)
        #expect(try await phone.unreadFlag(of: roomID, expect: true) == true)
        // Opening the room takes the mark away, for Element X too.
        let opened = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/rooms"])
        #expect(Self.room(roomID, in: opened)?["marked_unread"] as? Bool == false, "\(opened.standardOutput)")
        #expect(try await phone.unreadFlag(of: roomID, expect: false) == false)

        // Element X marks it; the shell shows the mark after its next sync, and in a later run.
        #expect(try await phone.unreadFlag(of: roomID, set: true) == true)
        let seen = try await shell.run(base + ["-c", "/wait sync", "-c", "/rooms"])
        #expect(Self.room(roomID, in: seen)?["marked_unread"] as? Bool == true, "\(seen.standardOutput)")
        let later = try await shell.run(base + ["-c", "/rooms"])
        #expect(Self.room(roomID, in: later)?["marked_unread"] as? Bool == true, "kept in the store")
    }
}
