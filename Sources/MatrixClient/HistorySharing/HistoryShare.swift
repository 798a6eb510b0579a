/// What sharing a room's history with an invitee came to (`CryptoMachine.shareHistory`).
public enum HistoryShare: Sendable, Equatable {
    /// The bundle went to this many of their devices, with this many room keys.
    case shared(devices: Int, keys: Int)
    /// Not shared: the room's history is not visible to people invited later, this device holds
    /// none of it, or the invitee has no device their identity signed (MSC4268 sends only to those).
    case notShared(HistoryShareRefusal)
}

public enum HistoryShareRefusal: String, Sendable, Equatable {
    case historyNotVisible = "history_not_visible"
    case nothingToShare = "nothing_to_share"
    case noCrossSignedDevice = "no_cross_signed_device"
}

/// What became of a room key bundle shared with this device: imported, or why not.
public struct HistoryImport: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// `keys` of the bundle's `total` were new or better here; `skipped` were refused (for
        /// another room, or not the session they claim).
        case imported(keys: Int, total: Int, skipped: Int)
        /// Kept, not imported, for this reason; imported once it no longer holds (`unverifiedDevice`).
        case refused(RoomKeyBundleError)
    }

    public var roomID: String
    public var sharedBy: String
    public var deviceID: String
    public var outcome: Outcome

    public init(roomID: String, sharedBy: String, deviceID: String, outcome: Outcome) {
        self.roomID = roomID
        self.sharedBy = sharedBy
        self.deviceID = deviceID
        self.outcome = outcome
    }
}
