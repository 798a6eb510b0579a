import Foundation
import MatrixJSON

/// The homeserver calls of a trusted identity: secret storage in account data, cross-signing
/// keys and signatures, and the server-side key backup. Behind a protocol like `KeysService`.
public protocol TrustService: Sendable {
    /// The content of this user's account data of `type`; `nil` when there is none.
    func accountData(_ type: String) async throws(MatrixError) -> JSONValue?
    func setAccountData(_ content: JSONValue, type: String) async throws(MatrixError)
    /// Publishes the three public cross-signing keys. Returns the server's challenge when it
    /// wants authentication first (`auth` answers it on the next call); `nil` once stored.
    func uploadCrossSigningKeys(master: JSONValue, selfSigning: JSONValue, userSigning: JSONValue,
                                auth: JSONValue?) async throws(MatrixError) -> AuthenticationChallenge?
    /// Publishes signatures (user ID → device ID or cross-signing public key → signed object);
    /// returns the `failures` of the answer, empty when all were accepted.
    func uploadSignatures(_ signed: [String: [String: JSONValue]]) async throws(MatrixError) -> JSONValue
    /// The current backup version (`version`, `algorithm`, `auth_data`, `count`, `etag`); `nil` when there is none.
    func backupVersion() async throws(MatrixError) -> JSONValue?
    /// Creates a backup version and returns its name.
    func createBackupVersion(algorithm: String, authData: JSONValue) async throws(MatrixError) -> String
    /// Deletes a backup version and every key in it.
    func deleteBackupVersion(_ version: String) async throws(MatrixError)
    /// Every backed-up session: room ID → `{"sessions": {session ID → KeyBackupData}}`.
    func backedUpKeys(version: String) async throws(MatrixError) -> JSONValue
    /// One backed-up session's `KeyBackupData`; `nil` when the backup lacks it.
    func backedUpKey(roomID: String, sessionID: String, version: String) async throws(MatrixError) -> JSONValue?
    /// Adds sessions (room ID → session ID → KeyBackupData) to a backup version.
    func uploadBackupKeys(_ rooms: [String: [String: JSONValue]], version: String) async throws(MatrixError)
}

/// `TrustService` on the client-server API.
public struct MatrixTrustService: TrustService {
    private let client: MatrixClient
    private let userID: String

    init(session: Session, transport: any HTTPTransport, requestTimeout: TimeInterval = 30, clock: any ShellClock = SystemClock()) {
        client = MatrixClient(homeserverURL: session.homeserverURL, accessToken: session.accessToken, transport: transport,
                              requestTimeout: requestTimeout, clock: clock)
        userID = session.userID
    }

    public func accountData(_ type: String) async throws(MatrixError) -> JSONValue? {
        try await client.sendIfPresent(.accountData(type, userID: userID))
    }

    public func setAccountData(_ content: JSONValue, type: String) async throws(MatrixError) {
        _ = try await client.send(.setAccountData(content, type: type, userID: userID))
    }

    public func uploadCrossSigningKeys(master: JSONValue, selfSigning: JSONValue, userSigning: JSONValue,
                                       auth: JSONValue?) async throws(MatrixError) -> AuthenticationChallenge? {
        let upload = CrossSigningUpload(masterKey: master, selfSigningKey: selfSigning, userSigningKey: userSigning, auth: auth)
        let response = try await client.exchange(MatrixEndpoint<JSONValue>.uploadCrossSigningKeys(upload))
        if response.isSuccess { return nil }
        if response.status == 401, let body = try? JSONValue(json: response.body), let challenge = AuthenticationChallenge(body: body) {
            return challenge
        }
        throw client.error(in: response)
    }

    public func uploadSignatures(_ signed: [String: [String: JSONValue]]) async throws(MatrixError) -> JSONValue {
        try await client.send(.uploadSignatures(signed))["failures"] ?? .object([:])
    }

    public func backupVersion() async throws(MatrixError) -> JSONValue? {
        try await client.sendIfPresent(.backupVersion)
    }

    public func createBackupVersion(algorithm: String, authData: JSONValue) async throws(MatrixError) -> String {
        let answer = try await client.send(.createBackupVersion(BackupVersionCreation(algorithm: algorithm, authData: authData)))
        guard let version = answer["version"]?.string else { throw .decoding("room_keys/version: no version") }
        return version
    }

    public func deleteBackupVersion(_ version: String) async throws(MatrixError) {
        _ = try await client.send(.deleteBackupVersion(version))
    }

    public func backedUpKeys(version: String) async throws(MatrixError) -> JSONValue {
        try await client.send(.backedUpKeys(version: version))["rooms"] ?? .object([:])
    }

    public func backedUpKey(roomID: String, sessionID: String, version: String) async throws(MatrixError) -> JSONValue? {
        try await client.sendIfPresent(.backedUpKey(roomID: roomID, sessionID: sessionID, version: version))
    }

    public func uploadBackupKeys(_ rooms: [String: [String: JSONValue]], version: String) async throws(MatrixError) {
        let upload = BackupKeysUpload(rooms: rooms.mapValues { ["sessions": $0] })
        _ = try await client.send(.uploadBackupKeys(upload, version: version))
    }
}
