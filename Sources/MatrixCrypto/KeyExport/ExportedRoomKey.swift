/// One session in a key export ("Key export format", `SessionData`): what another device needs
/// to decrypt a room's messages from the session key's index on. Fields other clients add are
/// ignored when reading.
public struct ExportedRoomKey: Codable, Sendable, Hashable, CustomStringConvertible {
    public static let megolmAlgorithm = "m.megolm.v1.aes-sha2"

    public var algorithm: String
    public var roomID: String
    /// The Curve25519 key of the device that started the session.
    public var senderKey: String
    public var sessionID: String
    /// The "Session export format", for `InboundGroupSession(exportedKey:)`.
    public var sessionKey: MegolmSessionKey
    /// The Ed25519 key the sending device claimed, by algorithm (`"ed25519"`).
    public var senderClaimedKeys: [String: String]
    /// The Curve25519 keys of the devices that forwarded the key, earliest first.
    public var forwardingCurve25519KeyChain: [String]
    /// The room's history was visible to later members when the session was made: it may be
    /// shared with people invited later (spec v1.19, MSC4268).
    public var sharesHistory: Bool

    public init(
        algorithm: String = megolmAlgorithm, roomID: String, senderKey: String, sessionID: String,
        sessionKey: MegolmSessionKey, senderClaimedKeys: [String: String], forwardingCurve25519KeyChain: [String] = [],
        sharesHistory: Bool = false
    ) {
        self.algorithm = algorithm
        self.roomID = roomID
        self.senderKey = senderKey
        self.sessionID = sessionID
        self.sessionKey = sessionKey
        self.senderClaimedKeys = senderClaimedKeys
        self.forwardingCurve25519KeyChain = forwardingCurve25519KeyChain
        self.sharesHistory = sharesHistory
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(algorithm: try container.decode(String.self, forKey: .algorithm), roomID: try container.decode(String.self, forKey: .roomID),
                  senderKey: try container.decode(String.self, forKey: .senderKey), sessionID: try container.decode(String.self, forKey: .sessionID),
                  sessionKey: try container.decode(MegolmSessionKey.self, forKey: .sessionKey),
                  senderClaimedKeys: try container.decode([String: String].self, forKey: .senderClaimedKeys),
                  forwardingCurve25519KeyChain: try container.decodeIfPresent([String].self, forKey: .forwardingCurve25519KeyChain) ?? [],
                  sharesHistory: try Self.sharesHistory(in: container))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(algorithm, forKey: .algorithm)
        try container.encode(roomID, forKey: .roomID)
        try container.encode(senderKey, forKey: .senderKey)
        try container.encode(sessionID, forKey: .sessionID)
        try container.encode(sessionKey, forKey: .sessionKey)
        try container.encode(senderClaimedKeys, forKey: .senderClaimedKeys)
        try container.encode(forwardingCurve25519KeyChain, forKey: .forwardingCurve25519KeyChain)
        // The spec's name and the one the Rust SDK 0.18 reads.
        try container.encode(sharesHistory, forKey: .sharesHistory)
        try container.encode(sharesHistory, forKey: .rustSharesHistory)
    }

    /// The flag under the spec's name, the Rust SDK's, or the MSC's unstable one; false without.
    static func sharesHistory(in container: KeyedDecodingContainer<CodingKeys>) throws -> Bool {
        try container.decodeIfPresent(Bool.self, forKey: .sharesHistory) ?? container.decodeIfPresent(Bool.self, forKey: .rustSharesHistory)
            ?? container.decodeIfPresent(Bool.self, forKey: .unstableSharesHistory) ?? false
    }

    enum CodingKeys: String, CodingKey {
        case algorithm
        case roomID = "room_id"
        case senderKey = "sender_key"
        case sessionID = "session_id"
        case sessionKey = "session_key"
        case senderClaimedKeys = "sender_claimed_keys"
        case forwardingCurve25519KeyChain = "forwarding_curve25519_key_chain"
        case sharesHistory = "shared_history"
        case rustSharesHistory = "m.shared_history"
        case unstableSharesHistory = "org.matrix.msc3061.shared_history"
    }

    /// Without the session key, so logs and test failures never show it.
    public var description: String { "ExportedRoomKey(\(roomID), session \(sessionID), \(algorithm))" }
}
