import Foundation

/// An inbound Megolm session as stored: who it claims to come from, and its sealed state.
public struct GroupSessionRecord: Sendable, Equatable {
    public var roomID: String
    public var sessionID: String
    /// The Curve25519 key of the device that created it.
    public var senderKey: String
    /// The Ed25519 key that device claims (`keys.ed25519` of the `m.room_key`).
    public var signingKey: String
    /// Came from a key export or a forward, not from its creator over Olm: authenticity unproven.
    public var isImported: Bool
    public var state: Data
    /// Its room's history was visible to people invited later when it was made: it goes into
    /// the room key bundles this device shares with them (MSC4268).
    public var sharesHistory: Bool
    /// Who shared it with this device in a room key bundle, on inviting it.
    public var sharedBy: String?

    public init(roomID: String, sessionID: String, senderKey: String, signingKey: String, isImported: Bool, state: Data,
                sharesHistory: Bool = false, sharedBy: String? = nil) {
        self.roomID = roomID
        self.sessionID = sessionID
        self.senderKey = senderKey
        self.signingKey = signingKey
        self.isImported = isImported
        self.state = state
        self.sharesHistory = sharesHistory
        self.sharedBy = sharedBy
    }
}
