import ElementShellKit
import Foundation
import MatrixClient
import MatrixJSON

/// Just enough of a homeserver in memory for `restore`: one account whose identity, secret
/// storage and backup a crypto machine sets up, and a backup the bench fills. Answers travel as
/// JSON text and are read back, so reading a backup costs what it costs from the network.
actor BenchHomeserver: KeysService, TrustService {
    private var deviceKeys: [String: JSONValue] = [:]
    private var crossSigningKeys: [String: JSONValue] = [:]
    private var accountData: [String: JSONValue] = [:]
    private var backupAuthData: JSONValue?
    private(set) var backedUpKeysBody = Data("{}".utf8)
    let userID: String

    init(userID: String) {
        self.userID = userID
    }

    /// The public key the backup's `auth_data` names.
    var backupPublicKey: String? { backupAuthData?["public_key"]?.string }

    /// Makes `rooms` (room ID → session ID → KeyBackupData) the backup's whole content.
    func fillBackup(_ rooms: JSONValue) throws {
        backedUpKeysBody = Data(try rooms.canonicalEncoding())
    }

    func uploadKeys(deviceKeys: JSONValue?, oneTimeKeys: [String: JSONValue], fallbackKeys: [String: JSONValue]) async throws(MatrixError) -> [String: Int] {
        if let deviceKeys, let deviceID = deviceKeys["device_id"]?.string { self.deviceKeys[deviceID] = deviceKeys }
        return ["signed_curve25519": oneTimeKeys.count]
    }

    func queryKeys(userIDs: [String]) async throws(MatrixError) -> JSONValue {
        var answer: [String: JSONValue] = ["device_keys": [userID: .object(deviceKeys)]]
        for (usage, key) in crossSigningKeys { answer["\(usage)_keys"] = [userID: key] }
        return .object(answer)
    }

    func claimOneTimeKeys(_ devices: [String: [String]]) async throws(MatrixError) -> JSONValue { [:] }
    func sendToDevice(type: String, transactionID: String, messages: [String: [String: JSONValue]]) async throws(MatrixError) {}
    func readers(ofRoom roomID: String) async throws(MatrixError) -> RoomReaders { RoomReaders(members: [userID], sharesHistory: true) }
    func uploadEncryptedFile(_ data: Data) async throws(MatrixError) -> String { throw .notFound }
    func downloadEncryptedFile(_ url: String, maximumBytes: Int) async throws(MatrixError) -> Data { throw .notFound }

    func accountData(_ type: String) async throws(MatrixError) -> JSONValue? { accountData[type] }
    func setAccountData(_ content: JSONValue, type: String) async throws(MatrixError) { accountData[type] = content }

    func uploadCrossSigningKeys(master: JSONValue, selfSigning: JSONValue, userSigning: JSONValue,
                                auth: JSONValue?) async throws(MatrixError) -> AuthenticationChallenge? {
        crossSigningKeys = ["master": master, "self_signing": selfSigning, "user_signing": userSigning]
        return nil
    }

    /// Only this device's signature matters here: it is merged into its keys.
    func uploadSignatures(_ signed: [String: [String: JSONValue]]) async throws(MatrixError) -> JSONValue {
        for (deviceID, object) in signed[userID] ?? [:] where deviceKeys[deviceID] != nil { deviceKeys[deviceID] = object }
        return [:]
    }

    func backupVersion() async throws(MatrixError) -> JSONValue? {
        backupAuthData.map { ["version": "1", "algorithm": "m.megolm_backup.v1.curve25519-aes-sha2", "auth_data": $0, "count": 0, "etag": "1"] }
    }

    func createBackupVersion(algorithm: String, authData: JSONValue) async throws(MatrixError) -> String {
        backupAuthData = authData
        return "1"
    }

    func deleteBackupVersion(_ version: String) async throws(MatrixError) {
        backupAuthData = nil
    }

    func backedUpKeys(version: String) async throws(MatrixError) -> JSONValue {
        do {
            return try JSONValue(json: backedUpKeysBody)
        } catch {
            throw .decoding("backup")
        }
    }

    func backedUpKey(roomID: String, sessionID: String, version: String) async throws(MatrixError) -> JSONValue? { nil }
    func uploadBackupKeys(_ rooms: [String: [String: JSONValue]], version: String) async throws(MatrixError) {}
}
