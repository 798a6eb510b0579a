import ArgumentParser
import ElementShellKit
import Foundation
import MatrixClient
import MatrixCrypto
import MatrixJSON

/// `restore`: sets up recovery for an account in memory, fills its key backup with many room
/// keys, then times restoring them all into a fresh store as `/backup restore` does (download
/// read as JSON, decryption, one store transaction, the messages' retry); prints one JSON line.
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Times restoring a key backup of many room keys; prints the figures as JSON.")

    @Option(help: "Room keys in the backup.")
    var keys = 10_000

    @Option(help: "Rooms the keys are spread over.")
    var rooms = 500

    func validate() throws {
        guard keys > 0, rooms > 0 else { throw ValidationError("keys and rooms must be positive") }
    }

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "element-shell-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let userID = "@bench:example.org"
        let server = BenchHomeserver(userID: userID)
        let store = try StoreWriter(url: directory.appending(path: "store.sqlite"))
        let machine = try await CryptoMachine(userID: userID, deviceID: "BENCH", store: store, keys: server, trust: server,
                                              cipher: PickleCipher(key: Data(repeating: 1, count: 32)))
        try await machine.publishKeys(oneTimeKeyCounts: nil, unusedFallbackKeyTypes: nil)
        _ = try await machine.beginRecoverySetup()
        _ = try await machine.finishRecoverySetup { _ in nil }
        guard let publicKey = try await server.backupPublicKey.map(Curve25519PublicKey.init(base64:)) else {
            throw ValidationError("the setup made no backup")
        }
        try await server.fillBackup(backup(for: publicKey))

        let before = ResidentMemory.current
        ResidentMemory.resetPeak()
        let clock = ContinuousClock()
        let started = clock.now
        let restore = try await machine.restoreBackup()
        _ = await machine.retryUndecrypted(sessionIDs: restore.sessionIDs)
        let elapsed = clock.now - started
        let fields: [(String, String)] = [
            ("client", "\"element-shell\""),
            ("keys", String(keys)),
            ("restored", String(restore.sessionIDs.count)),
            ("seconds", elapsed.seconds.formatted(3)),
            ("rss_before_mb", before.formatted(1)),
            ("peak_rss_mb", ResidentMemory.peak.formatted(1)),
            ("peak_above_before_mb", (ResidentMemory.peak - before).formatted(1)),
        ]
        print("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
    }

    /// `keys` sessions spread over `rooms`, each encrypted to the backup's key as a client uploads it.
    private func backup(for publicKey: Curve25519PublicKey) throws -> JSONValue {
        var rooms: [String: JSONValue] = [:]
        var sessions: [String: [String: JSONValue]] = [:]
        for index in 0..<keys {
            let roomID = "!room\(index % self.rooms):example.org"
            let outbound = OutboundGroupSession()
            let inbound = try InboundGroupSession(sessionKey: outbound.sessionKey)
            guard let exported = inbound.export(at: 0) else { throw ValidationError("no export") }
            let key = ExportedRoomKey(roomID: roomID, senderKey: "curve25519-of-the-sender-device-in-base64-00000", sessionID: inbound.sessionID,
                                      sessionKey: exported, senderClaimedKeys: ["ed25519": "ed25519-of-the-sender-device-in-base64-000000"])
            sessions[roomID, default: [:]][inbound.sessionID] = [
                "first_message_index": 0, "forwarded_count": 0, "is_verified": true,
                "session_data": EncryptedBackupSession.encrypting(key.backupPlaintext, for: publicKey).json,
            ]
        }
        for (roomID, entries) in sessions { rooms[roomID] = ["sessions": .object(entries)] }
        return .object(rooms)
    }
}
