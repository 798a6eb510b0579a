import Foundation

/// A second client that encrypts end to end (`Peers/nio_crypto_peer.py`, matrix-nio with
/// vodozemac): one device of its own, kept in `storeDirectory` across calls until `logOut()`.
/// Its calls are async so waiting for the script does not hold one of the test runner's threads.
struct NioCryptoPeer {
    static let script = PeerScript.path("nio_crypto_peer.py")

    let homeserver: TestHomeserver
    let user: String
    let storeDirectory: String

    var userID: String { "@\(user):\(homeserver.serverName)" }

    /// A new private room inviting `invitee` (if any), encrypted from its first event when `encrypted`.
    func createRoom(named name: String, inviting invitee: String?, encrypted: Bool = true) async throws -> String {
        try await run(["create", name] + (invitee.map { ["--invite", $0] } ?? []) + (encrypted ? ["--encrypted"] : []))
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Shares the room's history with `userID` as MSC4268 has it, built by the peer itself;
    /// `options` are the script's (`--invite`, and the hostile ones). Returns its answer.
    func shareHistory(of roomID: String, with userID: String, options: [String] = []) async throws -> [String: Any] {
        let output = try await run(["share-history", roomID, userID] + options)
        let last = output.split(separator: "\n").last.map(String.init) ?? ""
        return (try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]) ?? [:]
    }

    func join(_ room: String) async throws -> String {
        try await run(["join", room]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends each text, encrypted for every device of every member when the room is encrypted.
    func send(_ texts: [String], to roomID: String) async throws {
        try await run(["send", roomID] + texts)
    }

    /// How `sendFile` sends a file: as `m.file`, as `m.image`, or as an `m.sticker` event.
    enum FileKind: String {
        case file, image, sticker
    }

    /// Uploads the file and sends it: an encrypted attachment in an encrypted room, whose key
    /// (the web key's `k`) it returns.
    func sendFile(_ path: String, mimeType: String, as kind: FileKind = .file, to roomID: String) async throws -> String? {
        let output = try await run(["send-file", roomID, path, mimeType, "--as", kind.rawValue])
        let answer = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        return answer?["key"] as? String
    }

    /// Downloads and (where the message has keys) decrypts the file of the newest message named
    /// `name` into `path`; whether it was encrypted.
    func fetchFile(named name: String, in roomID: String, to path: String) async throws -> Bool {
        let answer = try await run(["fetch-file", roomID, name, path])
        return answer.contains("\"encrypted\": true")
    }

    /// Whether a message from someone else containing `text` decrypts for the peer within `seconds`.
    func receives(_ text: String, in roomID: String, within seconds: Int = 20) async throws -> Bool {
        try await PeerScript.execute(Self.script, arguments(["expect", roomID, text, "\(seconds)"])).status == 0
    }

    /// Whether sync says `userID` joined the room within `seconds`.
    func seesJoined(_ userID: String, in roomID: String, within seconds: Int = 20) async throws -> Bool {
        try await PeerScript.execute(Self.script, arguments(["wait-joined", roomID, userID, "\(seconds)"])).status == 0
    }

    struct Message: Equatable, CustomStringConvertible {
        var sender: String
        /// `nil` when the peer has no key for it.
        var body: String?
        var description: String { "\(sender): \(body ?? "<undecryptable>")" }
    }

    /// Every message of the room as the peer reads it, oldest first.
    func messages(in roomID: String) async throws -> [Message] {
        try await run(["messages", roomID]).split(separator: "\n").compactMap { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let sender = object["sender"] as? String else { return nil }
            return Message(sender: sender, body: object["body"] as? String)
        }
    }

    func exportKeys(to file: String, passphrase: String) async throws {
        try await run(["export-keys", file, passphrase])
    }

    func importKeys(from file: String, passphrase: String) async throws {
        try await run(["import-keys", file, passphrase])
    }

    /// The peer's own device (logged in by this first call if it was not yet).
    func deviceID() async throws -> String {
        try await ownDevice()["device_id"] as? String ?? ""
    }

    /// The peer's own device as `devices` lists it: `device_id`, `curve25519`, `ed25519`.
    func ownDevice() async throws -> [String: Any] {
        let first = try await run(["devices", userID]).split(separator: "\n").first.map(String.init) ?? ""
        return try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any] ?? [:]
    }

    /// Sends a to-device message in the clear, as given: a forged verification step.
    func sendToDevice(_ type: String, to userID: String, device: String, content: [String: Any]) async throws {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: content, options: [.sortedKeys]), as: UTF8.self)
        try await run(["to-device", type, userID, device, json])
    }

    /// The contents of the to-device messages of `type` that came, waiting up to `seconds` for one.
    func receivedToDevice(_ type: String, within seconds: Int = 30) async throws -> [[String: Any]] {
        try await run(["to-device-received", type, "--seconds", "\(seconds)"]).split(separator: "\n").compactMap { line in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["content"] as? [String: Any]
        }
    }

    /// Starts a legacy SAS verification with the device (nio has no request step) and answers
    /// the emoji with `answer`; runs while the test goes on.
    func startSAS(with userID: String, device: String, answer: String = "match") throws -> RunningPeer {
        try RunningPeer(Self.script, arguments(["sas-start", "--of", userID, "--device", device, "--answer", answer]), python: PeerScript.python)
    }

    func logOut() async throws {
        try await run(["logout"])
    }

    @discardableResult
    private func run(_ arguments: [String]) async throws -> String {
        try await PeerScript.run(Self.script, self.arguments(arguments))
    }

    private func arguments(_ command: [String]) -> [String] {
        ["--store", storeDirectory, homeserver.url.absoluteString, user, homeserver.password] + command
    }
}
