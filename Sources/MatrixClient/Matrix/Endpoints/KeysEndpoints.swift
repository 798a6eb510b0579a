import Foundation
import MatrixCrypto
import MatrixJSON

/// The body of `POST /keys/upload`: the device's signed identity keys (once), and signed one-time
/// and fallback keys (`signed_curve25519:<id>` → `{key, signatures}`). Already signed objects
/// travel as canonical-JSON values, so what is sent is exactly what was signed.
struct KeysUpload: Encodable, Sendable {
    var deviceKeys: JSONValue?
    var oneTimeKeys: [String: JSONValue]
    var fallbackKeys: [String: JSONValue]

    enum CodingKeys: String, CodingKey {
        case deviceKeys = "device_keys", oneTimeKeys = "one_time_keys", fallbackKeys = "fallback_keys"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(deviceKeys, forKey: .deviceKeys)
        if !oneTimeKeys.isEmpty { try container.encode(oneTimeKeys, forKey: .oneTimeKeys) }
        if !fallbackKeys.isEmpty { try container.encode(fallbackKeys, forKey: .fallbackKeys) }
    }
}

/// `POST /keys/query` asks for every device of each user (an empty list means all of them).
struct KeysQuery: Encodable, Sendable {
    let deviceKeys: [String: [String]]
    let timeout: Int

    enum CodingKeys: String, CodingKey {
        case deviceKeys = "device_keys", timeout
    }
}

/// `POST /keys/claim`: one one-time key of the given algorithm for each device.
struct KeysClaim: Encodable, Sendable {
    let oneTimeKeys: [String: [String: String]]
    let timeout: Int

    enum CodingKeys: String, CodingKey {
        case oneTimeKeys = "one_time_keys", timeout
    }
}

/// `PUT /sendToDevice/{eventType}/{txnId}`: a content for each device, by user and device ID.
struct ToDeviceMessages: Encodable, Sendable {
    let messages: [String: [String: JSONValue]]
}

extension MatrixEndpoint where Response == JSONValue {
    static func uploadKeys(_ upload: KeysUpload) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "keys", "upload"], body: upload, isAuthenticated: true)
    }

    static func queryKeys(userIDs: [String]) -> Self {
        let query = KeysQuery(deviceKeys: Dictionary(userIDs.map { ($0, []) }) { first, _ in first }, timeout: 10_000)
        return MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "keys", "query"], body: query, isAuthenticated: true)
    }

    static func claimKeys(_ devices: [String: [String]], algorithm: String) -> Self {
        let claim = KeysClaim(oneTimeKeys: devices.mapValues { Dictionary($0.map { ($0, algorithm) }) { first, _ in first } },
                              timeout: 10_000)
        return MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "keys", "claim"], body: claim, isAuthenticated: true)
    }

    static func sendToDevice(type: String, transactionID: String, messages: [String: [String: JSONValue]]) -> Self {
        MatrixEndpoint(method: .put, path: ["_matrix", "client", "v3", "sendToDevice", type, transactionID],
                       body: ToDeviceMessages(messages: messages), isAuthenticated: true)
    }

    /// The room's members that are not gone (joined, invited, banned, knocking), as state events.
    static func members(roomID: String) -> Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v3", "rooms", roomID, "members"],
                       query: [URLQueryItem(name: "not_membership", value: "leave")], isAuthenticated: true)
    }

    /// The room's members of one membership (`knock`: those asking to join), as state events.
    static func members(roomID: String, membership: String) -> Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v3", "rooms", roomID, "members"],
                       query: [URLQueryItem(name: "membership", value: membership)], isAuthenticated: true)
    }
}
