import Foundation

/// The Megolm session this device sends a room's messages with, as stored.
public struct OutboundSessionRecord: Sendable, Equatable {
    public var roomID: String
    public var sessionID: String
    /// Milliseconds since the Unix epoch: rotation counts from here.
    public var createdAt: Int64
    public var messageCount: Int
    /// The devices that were sent its key, as `DeviceAddress`es.
    public var sharedWith: Set<DeviceAddress>
    public var state: Data
    /// Made while the room's history was visible to people invited later: its key says so.
    public var sharesHistory: Bool

    public init(roomID: String, sessionID: String, createdAt: Int64, messageCount: Int = 0, sharedWith: Set<DeviceAddress> = [],
                state: Data, sharesHistory: Bool = false) {
        self.roomID = roomID
        self.sessionID = sessionID
        self.createdAt = createdAt
        self.messageCount = messageCount
        self.sharedWith = sharedWith
        self.state = state
        self.sharesHistory = sharesHistory
    }
}

/// One device of one user.
public struct DeviceAddress: Sendable, Hashable, Comparable {
    public var userID: String
    public var deviceID: String

    public init(userID: String, deviceID: String) {
        self.userID = userID
        self.deviceID = deviceID
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.userID, lhs.deviceID) < (rhs.userID, rhs.deviceID)
    }

    /// `user_id device_id`: neither contains a space.
    var storedText: String { userID + " " + deviceID }

    init?(storedText: Substring) {
        let parts = storedText.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        self.init(userID: String(parts[0]), deviceID: String(parts[1]))
    }
}
