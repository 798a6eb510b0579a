import Foundation
import MatrixCrypto
import MatrixJSON

/// The homeserver calls encryption makes: publishing this device's keys, fetching others' devices
/// and one-time keys, to-device messages, and who is in a room. Behind a protocol so unit tests
/// can connect two machines through memory.
public protocol KeysService: Sendable {
    /// Returns the server's one-time key counts after the upload.
    func uploadKeys(deviceKeys: JSONValue?, oneTimeKeys: [String: JSONValue],
                    fallbackKeys: [String: JSONValue]) async throws(MatrixError) -> [String: Int]
    /// The whole answer: `device_keys` (user ID → device ID → signed device keys) and the
    /// cross-signing keys (`master_keys`, `self_signing_keys`, `user_signing_keys`: user ID → key).
    func queryKeys(userIDs: [String]) async throws(MatrixError) -> JSONValue
    /// `one_time_keys` of the answer: user ID → device ID → `{"signed_curve25519:<id>": key}`.
    func claimOneTimeKeys(_ devices: [String: [String]]) async throws(MatrixError) -> JSONValue
    func sendToDevice(type: String, transactionID: String, messages: [String: [String: JSONValue]]) async throws(MatrixError)
    /// Who should be able to read what is sent now: joined members, and invited ones unless the
    /// room's history is visible only to joined members; and whether people invited later may
    /// read it.
    func readers(ofRoom roomID: String) async throws(MatrixError) -> RoomReaders
    /// Uploads an encrypted file (a room key bundle); returns its `mxc://` URI.
    func uploadEncryptedFile(_ data: Data) async throws(MatrixError) -> String
    /// Downloads an encrypted file, refusing more than `maximumBytes`.
    func downloadEncryptedFile(_ url: String, maximumBytes: Int) async throws(MatrixError) -> Data
}

/// The readers of what is sent to a room now, and whether its history is for people invited later.
public struct RoomReaders: Sendable, Equatable {
    public var members: [String]
    /// The history is visible to members who join later (`shared`, `world_readable`, or no
    /// visibility set): room keys made now may be shared with them (MSC4268).
    public var sharesHistory: Bool

    public init(members: [String], sharesHistory: Bool) {
        self.members = members
        self.sharesHistory = sharesHistory
    }

    /// The spec's reading of `m.room.history_visibility` for later members.
    static func sharesHistory(visibility: String?) -> Bool {
        visibility == nil || visibility == "shared" || visibility == "world_readable"
    }
}

/// `KeysService` on the client-server API.
public struct MatrixKeysService: KeysService {
    private let client: MatrixClient
    /// Room key bundles travel as encrypted media.
    private let media: MatrixMediaService

    init(session: Session, transport: any HTTPTransport, requestTimeout: TimeInterval = 30, clock: any ShellClock = SystemClock()) {
        client = MatrixClient(homeserverURL: session.homeserverURL, accessToken: session.accessToken, transport: transport,
                              requestTimeout: requestTimeout, clock: clock)
        media = MatrixMediaService(session: session, transport: transport, requestTimeout: requestTimeout, clock: clock)
    }

    public func uploadKeys(deviceKeys: JSONValue?, oneTimeKeys: [String: JSONValue],
                           fallbackKeys: [String: JSONValue]) async throws(MatrixError) -> [String: Int] {
        let answer = try await client.send(.uploadKeys(KeysUpload(deviceKeys: deviceKeys, oneTimeKeys: oneTimeKeys, fallbackKeys: fallbackKeys)))
        return answer["one_time_key_counts"]?.object?.compactMapValues(\.int) ?? [:]
    }

    public func queryKeys(userIDs: [String]) async throws(MatrixError) -> JSONValue {
        try await client.send(.queryKeys(userIDs: userIDs))
    }

    public func claimOneTimeKeys(_ devices: [String: [String]]) async throws(MatrixError) -> JSONValue {
        try await client.send(.claimKeys(devices, algorithm: CryptoAlgorithm.signedCurve25519))["one_time_keys"] ?? .object([:])
    }

    public func sendToDevice(type: String, transactionID: String,
                             messages: [String: [String: JSONValue]]) async throws(MatrixError) {
        _ = try await client.send(.sendToDevice(type: type, transactionID: transactionID, messages: messages))
    }

    public func readers(ofRoom roomID: String) async throws(MatrixError) -> RoomReaders {
        let members = try await client.send(.members(roomID: roomID))["chunk"]?.array ?? []
        var visibility: String?
        do throws(MatrixError) {
            visibility = try await client.send(.state("m.room.history_visibility", of: roomID))["history_visibility"]?.string
        } catch .notFound {
            visibility = nil
        }
        let includesInvited = visibility != "joined"
        let readers: [String] = members.compactMap { member in
            guard let userID = member["state_key"]?.string else { return nil }
            switch member["content"]?["membership"]?.string {
            case "join": return userID
            case "invite" where includesInvited: return userID
            default: return nil
            }
        }
        return RoomReaders(members: readers, sharesHistory: RoomReaders.sharesHistory(visibility: visibility))
    }

    public func uploadEncryptedFile(_ data: Data) async throws(MatrixError) -> String {
        try await media.upload(data, fileName: "bundle", contentType: "application/octet-stream", progress: nil).description
    }

    public func downloadEncryptedFile(_ url: String, maximumBytes: Int) async throws(MatrixError) -> Data {
        guard let file = MediaURL(url) else { throw .notFound }
        return try await media.download(file, maximumBytes: maximumBytes, progress: nil)
    }
}
