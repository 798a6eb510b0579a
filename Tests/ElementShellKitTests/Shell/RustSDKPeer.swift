import Foundation

/// A device driven by the Rust SDK that Element X is built on (`Peers/rust_sdk_peer.py`, through
/// matrix-sdk-python): the reference for whether Element sees our identity, backup and devices
/// as we do. One device per `storeDirectory`, resumed by every later call.
struct RustSDKPeer {
    static let python = ProcessInfo.processInfo.environment["ELEMENT_SHELL_TEST_RUST_SDK_PYTHON"]
    static let script = PeerScript.path("rust_sdk_peer.py")

    let homeserver: TestHomeserver
    let user: String
    let storeDirectory: String
    let passwordFile: String

    var userID: String { "@\(user):\(homeserver.serverName)" }

    /// Turns recovery on, creates an encrypted room with these messages and waits until the
    /// backup holds their key. Returns the call's answer (`recovery_key`, `room_id`, …).
    func setUpRecovery(roomName: String, messages: [String]) async throws -> [String: Any] {
        try await call(["setup-recovery", "--room-name", roomName] + messages.flatMap { ["--message", $0] })
    }

    /// Recovers with `key`; with `roomID`, also reads back until `expected` messages decrypt.
    func recover(key: String, roomID: String? = nil, expected: Int = 0) async throws -> [String: Any] {
        try await call(["recover", "--key", key] + (roomID.map { ["--room", $0, "--expect", "\(expected)"] } ?? []))
    }

    /// Whether the SDK counts the device as verified, waiting up to the call's timeout for `until`.
    func deviceTrust(of deviceID: String, user: String? = nil, until: String? = nil) async throws -> [String: Any] {
        try await call(["device-trust", "--device", deviceID] + (user.map { ["--of", $0] } ?? []) + (until.map { ["--wait-until", $0] } ?? []))
    }

    /// Pages back until `expected` messages are readable; `details` carries each one's shield.
    func read(roomID: String, expected: Int) async throws -> [String: Any] {
        try await call(["read", "--room", roomID, "--expect", "\(expected)"])
    }

    func identity(of user: String? = nil) async throws -> [String: Any] {
        try await call(["identity"] + (user.map { ["--of", $0] } ?? []))
    }

    func resetIdentity() async throws -> [String: Any] {
        try await call(["reset-identity"])
    }

    /// A private encrypted room (history visible to later members unless `visibility` says
    /// otherwise) with these messages, inviting `invitee` as Element X does: sharing the
    /// room's history with their cross-signed devices first.
    func createRoom(named name: String, messages: [String], inviting invitee: String?, visibility: String? = nil) async throws -> [String: Any] {
        try await call(["create-room", "--name", name] + messages.flatMap { ["--message", $0] } + (invitee.map { ["--invite", $0] } ?? [])
                       + (visibility.map { ["--history-visibility", $0] } ?? []))
    }

    /// The account's key backup preference as Element X reads it (`key_backup`: the `m.key_backup`
    /// content), after turning backups on or recovery off as Element X does, waited for until
    /// `expect` (`on`, `off`, `none`).
    func keyBackup(enable: Bool = false, disable: Bool = false, expect: String? = nil) async throws -> [String: Any] {
        try await call(["key-backup"] + (enable ? ["--enable"] : []) + (disable ? ["--disable"] : []) + (expect.map { ["--expect", $0] } ?? []))
    }

    /// The room's own notification mode as Element X reads it (`all`, `mentions`, `mute`, or
    /// `default` for none), set first to `set` as Element X sets it, or waited for until `expect`.
    func notificationMode(of roomID: String, set: String? = nil, expect: String? = nil) async throws -> String? {
        try await call(["notification-mode", "--room", roomID] + (set.map { ["--set", $0] } ?? []) + (expect.map { ["--expect", $0] } ?? []))["mode"] as? String
    }

    /// The account's default mode for rooms of `kind` (`direct`, `group`, `encrypted`), waited for until `expect`.
    func defaultMode(of kind: String, expect: String? = nil) async throws -> String? {
        try await call(["default-mode", "--kind", kind] + (expect.map { ["--expect", $0] } ?? []))["mode"] as? String
    }

    /// Whether Element X counts the room as marked unread, set first to `set`, or waited for until `expect`.
    func unreadFlag(of roomID: String, set: Bool? = nil, expect: Bool? = nil) async throws -> Bool? {
        try await call(["unread-flag", "--room", roomID] + (set.map { ["--set", "\($0)"] } ?? []) + (expect.map { ["--expect", "\($0)"] } ?? []))["marked_unread"] as? Bool
    }

    /// Whom Element X counts as ignored, after ignoring or unignoring someone, or once it is `expect`.
    /// The SDK changes the list it has: `known` is waited for in it first.
    func ignoredUsers(known: String? = nil, ignore: String? = nil, unignore: String? = nil, expect: [String]? = nil) async throws -> [String] {
        let change = (known.map { ["--known", $0] } ?? []) + (ignore.map { ["--ignore", $0] } ?? []) + (unignore.map { ["--unignore", $0] } ?? [])
        return try await call(["ignored-users"] + change + (expect.map { ["--expect", $0.joined(separator: ",")] } ?? []))["ignored"] as? [String] ?? []
    }

    /// Creates a poll as Element X does, joining the room if invited; returns the poll start's event ID once the server
    /// has it. The SDK sends `org.matrix.msc3381.poll.start`.
    @discardableResult
    func createPoll(in roomID: String, question: String, answers: [String], undisclosed: Bool = false, maxSelections: Int = 1) async throws -> String {
        var arguments = ["poll-create", "--room", roomID, "--question", question, "--max-selections", "\(maxSelections)"]
        arguments += answers.flatMap { ["--answer", $0] }
        if undisclosed { arguments.append("--undisclosed") }
        return try await call(arguments)["event_id"] as? String ?? ""
    }

    /// Votes in the poll (its start's event ID) for `answerIDs` (as `polls` lists them), replacing the peer's earlier vote;
    /// returns the response's event ID once the server has it.
    @discardableResult
    func vote(_ answerIDs: [String], inPoll pollID: String, in roomID: String) async throws -> String {
        try await call(["poll-vote", "--room", roomID, "--poll", pollID] + answerIDs.flatMap { ["--answer", $0] })["event_id"] as? String ?? ""
    }

    /// Ends the poll as Element X does; returns the end's event ID once the server has it.
    @discardableResult
    func endPoll(_ pollID: String, in roomID: String) async throws -> String {
        try await call(["poll-end", "--room", roomID, "--poll", pollID])["event_id"] as? String ?? ""
    }

    /// The room's polls as Element X's timeline shows them (only `pollID`'s, if given), oldest first: each with
    /// `event_id`, `sender`, `question`, `kind` (`disclosed`, `undisclosed`), `max_selections`, `answers` (`id`, `text`),
    /// `votes` (answer ID: user IDs) and `ended`. Waits until they have `expectVotes` votes in all, or have all
    /// ended with `expectEnded`: without either, votes and ends still on their way may be missing.
    func polls(in roomID: String, poll pollID: String? = nil, expectVotes: Int? = nil, expectEnded: Bool = false) async throws -> [[String: Any]] {
        var arguments = ["polls", "--room", roomID]
        if let pollID { arguments += ["--poll", pollID] }
        if let expectVotes { arguments += ["--expect-votes", "\(expectVotes)"] }
        if expectEnded { arguments.append("--expect-ended") }
        return try await call(arguments)["polls"] as? [[String: Any]] ?? []
    }

    /// The room's pinned events as Element X reads them, after pinning `pin` or unpinning `unpin` as Element X does, or
    /// once exactly `expect` are pinned.
    func pins(in roomID: String, pin: String? = nil, unpin: String? = nil, expect: Int? = nil) async throws -> [String] {
        var arguments = ["pins", "--room", roomID]
        if let pin { arguments += ["--pin", pin] }
        if let unpin { arguments += ["--unpin", unpin] }
        if let expect { arguments += ["--expect", "\(expect)"] }
        return try await call(arguments)["pinned"] as? [String] ?? []
    }

    func logOut() async throws {
        _ = try await call(["logout"])
    }

    /// Asks for a verification (of the user's other devices, or of `user` in the DM) and answers
    /// the emoji with `answer` (`match`, `mismatch`, `none`); runs while the test goes on.
    func requestVerification(of user: String? = nil, answer: String = "match") throws -> RunningPeer {
        try RunningPeer(Self.script, arguments(["request-verification", "--answer", answer] + (user.map { ["--of", $0] } ?? [])),
                        python: Self.python)
    }

    /// Waits for a verification request (from `user`, if given), accepts it and answers the emoji.
    func respondToVerification(from user: String? = nil, answer: String = "match") throws -> RunningPeer {
        try RunningPeer(Self.script, arguments(["respond-verification", "--answer", answer] + (user.map { ["--from", $0] } ?? [])),
                        python: Self.python)
    }

    private func arguments(_ command: [String]) -> [String] {
        command + ["--homeserver", homeserver.url.absoluteString, "--user", user, "--password-file", passwordFile,
                   "--store", storeDirectory, "--timeout", "90"]
    }

    /// The call's answer, its last line of output; a failure carries the peer's error.
    @discardableResult
    private func call(_ command: [String]) async throws -> [String: Any] {
        let output = try await PeerScript.run(Self.script, arguments(command), python: Self.python)
        let last = output.split(separator: "\n").last.map(String.init) ?? ""
        return (try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]) ?? [:]
    }
}
