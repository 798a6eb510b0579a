import Foundation
import MatrixJSON

/// The body of `POST /room_keys/version`: a new backup's algorithm and its signed `auth_data`.
struct BackupVersionCreation: Encodable, Sendable {
    var algorithm: String
    var authData: JSONValue

    enum CodingKeys: String, CodingKey {
        case algorithm, authData = "auth_data"
    }
}

/// The body of `PUT /room_keys/keys`: `{"rooms": {roomID: {"sessions": {sessionID: KeyBackupData}}}}`.
struct BackupKeysUpload: Encodable, Sendable {
    var rooms: [String: [String: [String: JSONValue]]]
}

extension MatrixEndpoint where Response == JSONValue {
    private static var roomKeys: [String] { ["_matrix", "client", "v3", "room_keys"] }

    /// `GET /room_keys/version`: the current backup; 404 when there is none.
    static var backupVersion: Self {
        MatrixEndpoint(method: .get, path: roomKeys + ["version"], isAuthenticated: true)
    }

    static func createBackupVersion(_ creation: BackupVersionCreation) -> Self {
        MatrixEndpoint(method: .post, path: roomKeys + ["version"], body: creation, isAuthenticated: true)
    }

    static func deleteBackupVersion(_ version: String) -> Self {
        MatrixEndpoint(method: .delete, path: roomKeys + ["version", version], isAuthenticated: true)
    }

    /// Every backed-up session of a backup version. Large backups make large answers.
    static func backedUpKeys(version: String) -> Self {
        var endpoint = MatrixEndpoint(method: .get, path: roomKeys + ["keys"], query: [URLQueryItem(name: "version", value: version)],
                                      isAuthenticated: true)
        endpoint.maximumResponseBytes = 256 << 20
        return endpoint
    }

    /// One backed-up session, for a message that waits for its key.
    static func backedUpKey(roomID: String, sessionID: String, version: String) -> Self {
        MatrixEndpoint(method: .get, path: roomKeys + ["keys", roomID, sessionID],
                       query: [URLQueryItem(name: "version", value: version)], isAuthenticated: true)
    }

    static func uploadBackupKeys(_ upload: BackupKeysUpload, version: String) -> Self {
        MatrixEndpoint(method: .put, path: roomKeys + ["keys"], query: [URLQueryItem(name: "version", value: version)],
                       body: upload, isAuthenticated: true)
    }
}
