import MatrixJSON

/// One room key in a room key bundle (MSC4268): a Megolm session exported at the first index
/// the sharer knows, with the device that made it as the sharer was told.
public struct HistoricRoomKey: Sendable, Equatable {
    public var roomID: String
    public var sessionID: String
    /// The Curve25519 key of the device that made the session.
    public var senderKey: String
    /// The Ed25519 key that device claimed.
    public var signingKey: String?
    /// The session in Megolm's export format, base64.
    public var sessionKey: String

    public init(roomID: String, sessionID: String, senderKey: String, signingKey: String?, sessionKey: String) {
        self.roomID = roomID
        self.sessionID = sessionID
        self.senderKey = senderKey
        self.signingKey = signingKey
        self.sessionKey = sessionKey
    }

    /// An entry of `room_keys`; `nil` for another algorithm or a missing field.
    init?(json: JSONValue) {
        guard json["algorithm"]?.string == CryptoAlgorithm.megolm, let roomID = json["room_id"]?.string,
              let sessionID = json["session_id"]?.string, let senderKey = json["sender_key"]?.string,
              let sessionKey = json["session_key"]?.string else { return nil }
        self.init(roomID: roomID, sessionID: sessionID, senderKey: senderKey,
                  signingKey: json["sender_claimed_keys"]?["ed25519"]?.string, sessionKey: sessionKey)
    }

    var json: JSONValue {
        ["algorithm": .string(CryptoAlgorithm.megolm), "room_id": .string(roomID), "session_id": .string(sessionID),
         "sender_key": .string(senderKey), "session_key": .string(sessionKey),
         "sender_claimed_keys": .object(signingKey.map { ["ed25519": .string($0)] } ?? [:])]
    }
}
