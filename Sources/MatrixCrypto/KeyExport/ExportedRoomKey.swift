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

    public init(
        algorithm: String = megolmAlgorithm, roomID: String, senderKey: String, sessionID: String,
        sessionKey: MegolmSessionKey, senderClaimedKeys: [String: String], forwardingCurve25519KeyChain: [String] = []
    ) {
        self.algorithm = algorithm
        self.roomID = roomID
        self.senderKey = senderKey
        self.sessionID = sessionID
        self.sessionKey = sessionKey
        self.senderClaimedKeys = senderClaimedKeys
        self.forwardingCurve25519KeyChain = forwardingCurve25519KeyChain
    }

    private enum CodingKeys: String, CodingKey {
        case algorithm
        case roomID = "room_id"
        case senderKey = "sender_key"
        case sessionID = "session_id"
        case sessionKey = "session_key"
        case senderClaimedKeys = "sender_claimed_keys"
        case forwardingCurve25519KeyChain = "forwarding_curve25519_key_chain"
    }

    /// Without the session key, so logs and test failures never show it.
    public var description: String { "ExportedRoomKey(\(roomID), session \(sessionID), \(algorithm))" }
}
