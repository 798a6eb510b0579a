import MatrixJSON

/// Whether the account keeps its room keys in the server-side backup, as every client of it
/// should follow (MSC4287, spec v1.19): the `m.key_backup` account data, and the older
/// `m.org.matrix.custom.backup_disabled` Element X still writes and reads beside it.
public enum KeyBackupPreference: String, Sendable, Equatable {
    case on
    case off

    static let eventType = "m.key_backup"
    static let unstableEventType = "m.org.matrix.custom.backup_disabled"

    /// The preference in the account data given; `nil` when neither event says one (the stable
    /// one wins, as in the Rust SDK).
    init?(stable: JSONValue?, unstable: JSONValue?) {
        if let enabled = stable?["enabled"]?.bool {
            self = enabled ? .on : .off
        } else if let disabled = unstable?["disabled"]?.bool {
            self = disabled ? .off : .on
        } else {
            return nil
        }
    }

    /// From a sync's account data (type → content); `nil` when it brought neither event.
    init?(accountData: [String: JSONValue]) {
        self.init(stable: accountData[Self.eventType], unstable: accountData[Self.unstableEventType])
    }

    /// Each event type with its content, the stable one first.
    var accountData: [(type: String, content: JSONValue)] {
        [(Self.eventType, ["enabled": .bool(self == .on)]), (Self.unstableEventType, ["disabled": .bool(self == .off)])]
    }
}
