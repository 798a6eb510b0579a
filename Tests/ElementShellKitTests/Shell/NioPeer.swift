import Foundation

/// A second client on matrix-nio (`Peers/nio_peer.py`, run with the venv's Python that Scripts/test
/// names), so element-shell is checked against a client it shares no code with. Each call is a
/// login of its own, logged out again, and suspends the test while the script runs.
struct NioPeer {
    static var python: String? { PeerScript.python }
    static let script = PeerScript.path("nio_peer.py")

    let homeserver: TestHomeserver
    let user: String

    var userID: String { "@\(user):\(homeserver.serverName)" }

    /// A new private room with `invitee` invited; returns its ID. `alias` is the local part of its
    /// `#alias`, `displayName` the peer's name in the room.
    func createRoom(named name: String, inviting invitee: String, alias: String? = nil, displayName: String? = nil) async throws -> String {
        var arguments = ["create", name, "--invite", invitee]
        if let alias { arguments += ["--alias", alias] }
        if let displayName { arguments += ["--display-name", displayName] }
        return try await run(arguments).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A new room anyone may join, a space when `isSpace`; returns its ID.
    func createPublicRoom(named name: String, isSpace: Bool = false) async throws -> String {
        try await run(["create", name, "--public"] + (isSpace ? ["--space"] : [])).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A new room with `joinRule` from the start (`knock`, `invite`, `public`, …), of room `version` if given (a version
    /// 12 room's ID names no server), with `invitee` invited if given; returns its ID.
    func createRoom(named name: String, joinRule: String, version: String? = nil, inviting invitee: String? = nil) async throws -> String {
        var arguments = ["create", name, "--join-rule", joinRule]
        if let version { arguments += ["--version", version] }
        if let invitee { arguments += ["--invite", invitee] }
        return try await run(arguments).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A new private room of room `version` (`10`, `12`, …), with `invitee` invited if given; returns its ID.
    func createRoom(named name: String, version: String, inviting invitee: String? = nil) async throws -> String {
        try await run(["create", name, "--version", version] + (invitee.map { ["--invite", $0] } ?? [])).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Makes `roomID` a child of the space, joinable through the peer's server.
    func addChild(_ roomID: String, to spaceID: String) async throws {
        try await run(["add-child", spaceID, roomID])
    }

    /// Sends each text as a message, in order.
    func send(_ texts: [String], to roomID: String) async throws {
        try await run(["send", roomID] + texts)
    }

    /// Whether a message from someone else containing `text` reaches the peer's sync within `seconds`.
    func receives(_ text: String, in roomID: String, within seconds: Int = 20) async throws -> Bool {
        try await execute(["expect", roomID, text, "\(seconds)"]).status == 0
    }

    struct Message: Equatable, CustomStringConvertible {
        var sender: String
        var body: String
        var description: String { "\(sender): \(body)" }
    }

    /// Every text message of the room as the server keeps it, oldest first: a message sent twice
    /// shows twice here, whatever a client's own view hides.
    func messages(in roomID: String) async throws -> [Message] {
        try await run(["messages", roomID]).split(separator: "\n").compactMap { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String],
                  let sender = object["sender"], let body = object["body"] else { return nil }
            return Message(sender: sender, body: body)
        }
    }

    /// Every event of the room's timeline as the server keeps it, oldest first, as raw JSON.
    func events(in roomID: String) async throws -> [[String: Any]] {
        try await run(["events", roomID]).split(separator: "\n").compactMap { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
    }

    /// Sends one event of any type with `content` (JSON text); returns its ID.
    @discardableResult
    func sendEvent(_ type: String, content: String, to roomID: String) async throws -> String {
        try await run(["send-event", roomID, type, content]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Uploads a file; returns its `mxc://` URI.
    func upload(_ path: String) async throws -> String {
        try await run(["upload", path]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The SHA-256 (hex) of a file the peer downloads through authenticated media.
    func downloadDigest(of mxc: String) async throws -> String {
        try await run(["download", mxc]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Joins by ID or alias; returns the room's ID.
    func join(_ room: String) async throws -> String {
        try await run(["join", room]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Joins, or says why the server refused: `refused M_FORBIDDEN`.
    func joinOrRefusal(_ room: String) async throws -> String {
        try await run(["join", room, "--or-refused"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Knocks on the room (by ID or alias; its join rule must be `knock`); returns its ID. A refusal throws a
    /// `PeerScript.Failure` whose `answer` is the server's errcode (`M_FORBIDDEN`, …).
    @discardableResult
    func knock(_ room: String, reason: String? = nil) async throws -> String {
        try await run(["knock", room] + (reason.map { ["--reason", $0] } ?? [])).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends a state event of `type` with `content` (JSON text), e.g. `m.room.pinned_events`; returns its ID.
    @discardableResult
    func putState(_ type: String, stateKey: String = "", content: String, in roomID: String) async throws -> String {
        try await run(["put-state", roomID, type, stateKey, content]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A state event's content as the peer reads it from the server; `nil` when there is none.
    func state(_ type: String, key: String = "", in roomID: String) async throws -> [String: Any]? {
        let output = try await run(["state", roomID, type, key])
        return try JSONSerialization.jsonObject(with: Data(output.utf8), options: .fragmentsAllowed) as? [String: Any]
    }

    /// `userID`'s membership of the room as the peer sees it (`join`, `invite`, `knock`, `leave`, `ban`), or `none`.
    func membership(of userID: String, in roomID: String) async throws -> String {
        try await run(["membership", roomID, userID]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the peer's sync shows `userID`'s membership of the room as `membership` (`join`, `invite`, `knock`,
    /// `leave`, `ban`), and with `displayName` their name there, within `seconds`. The peer sees a knock only as a
    /// member of the room.
    func awaitMembership(_ membership: String, of userID: String, in roomID: String, displayName: String? = nil,
                         within seconds: Int = 20) async throws -> Bool {
        try await execute(["await-membership", roomID, userID, membership, "\(seconds)"] + (displayName.map { ["--display-name", $0] } ?? [])).status == 0
    }

    /// Kicks `userID` from the room (also how an invite is withdrawn or a knock refused). A refusal throws a
    /// `PeerScript.Failure` whose `answer` is the server's errcode (`M_FORBIDDEN`, …).
    func kick(_ userID: String, from roomID: String, reason: String? = nil) async throws {
        try await run(["kick", roomID, userID] + (reason.map { ["--reason", $0] } ?? []))
    }

    /// Upgrades the room to room `version` as the server does it (a new room, a tombstone in the old one); returns
    /// the new room's ID. The server invites nobody to it: `invitingMembers` invites the old room's other members, as
    /// Element Web offers to.
    @discardableResult
    func upgrade(_ roomID: String, to version: String, invitingMembers: Bool = false) async throws -> String {
        try await run(["upgrade", roomID, version] + (invitingMembers ? ["--invite-members"] : [])).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Once the room's `m.room.tombstone` reaches the peer's sync (within `seconds`), joins its replacement room (after
    /// the invite to it, if the server refuses the join at first); returns its ID.
    @discardableResult
    func follow(_ roomID: String, within seconds: Int = 20) async throws -> String {
        try await run(["follow", roomID, "\(seconds)"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Lists the room in the server's public room directory (`create --public` does not). Synapse allows it only to
    /// its admins unless its `room_list_publication_rules` say otherwise.
    func publish(_ roomID: String) async throws {
        try await run(["publish", roomID])
    }

    struct PublicRoom: Equatable {
        var roomID: String
        var name: String?
        var canonicalAlias: String?
        var joinedMembers: Int
        var topic: String?
        var joinRule: String?
    }

    /// The server's public room directory, every page, matching `search` if given. Synapse lists only published rooms
    /// whose join rule is `public` or `knock`.
    func publicRooms(search: String? = nil) async throws -> [PublicRoom] {
        try await run(["public-rooms"] + (search.map { ["--search", $0] } ?? [])).split(separator: "\n").compactMap { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let roomID = object["room_id"] as? String else { return nil }
            return PublicRoom(roomID: roomID, name: object["name"] as? String, canonicalAlias: object["canonical_alias"] as? String,
                              joinedMembers: object["num_joined_members"] as? Int ?? 0, topic: object["topic"] as? String,
                              joinRule: object["join_rule"] as? String)
        }
    }

    /// Sets the peer's own global account data of `type` to the JSON `content`.
    func setAccountData(_ type: String, content: String) async throws {
        try await run(["account-data", type, content])
    }

    func invite(_ userID: String, to roomID: String) async throws {
        try await run(["invite", roomID, userID])
    }

    func setPowerLevel(_ level: Int, of userID: String, in roomID: String) async throws {
        try await run(["power", roomID, userID, "\(level)"])
    }

    /// Deletes another device of the peer's own user, as from another client.
    func deleteDevice(_ deviceID: String) async throws {
        try await run(["delete-device", deviceID])
    }

    /// The rooms the peer is invited to, each with whether the invite is to a direct chat.
    func invites() async throws -> [String: Bool] {
        try await run(["invites"]).split(separator: "\n").reduce(into: [:]) { found, line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let roomID = object["room_id"] as? String else { return }
            found[roomID] = object["is_direct"] as? Bool ?? false
        }
    }

    /// The event `userID`'s public read receipt in the room points at, as a first sync shows it.
    func readReceipt(of userID: String, in roomID: String) async throws -> String? {
        let eventID = try await run(["receipt", roomID, userID]).trimmingCharacters(in: .whitespacesAndNewlines)
        return eventID.isEmpty ? nil : eventID
    }

    /// Tells the room the peer is typing, for 30 s.
    func startTyping(in roomID: String) async throws {
        try await run(["type", roomID])
    }

    /// Whether the peer's sync says `userID` is typing in the room within `seconds`.
    func seesTyping(of userID: String, in roomID: String, within seconds: Int = 20) async throws -> Bool {
        try await execute(["expect-typing", roomID, userID, "\(seconds)"]).status == 0
    }

    @discardableResult
    private func run(_ arguments: [String]) async throws -> String {
        try await PeerScript.run(Self.script, [homeserver.url.absoluteString, user, homeserver.password] + arguments)
    }

    private func execute(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        try await PeerScript.execute(Self.script, [homeserver.url.absoluteString, user, homeserver.password] + arguments)
    }
}
