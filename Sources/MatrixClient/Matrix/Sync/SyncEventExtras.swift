/// What few events carry beyond their fields: how one arrived encrypted, and which field of a
/// malformed one did not fit. Kept behind one reference so that `SyncEvent` grows by a pointer,
/// not by these: an initial sync holds tens of thousands of events, nearly all without.
final class SyncEventExtras: Sendable, Equatable {
    let encryption: EventEncryption?
    let malformedField: String?

    /// `nil` when there is nothing to keep.
    static func make(encryption: EventEncryption?, malformedField: String?) -> SyncEventExtras? {
        encryption == nil && malformedField == nil ? nil : SyncEventExtras(encryption: encryption, malformedField: malformedField)
    }

    private init(encryption: EventEncryption?, malformedField: String?) {
        self.encryption = encryption
        self.malformedField = malformedField
    }

    static func == (lhs: SyncEventExtras, rhs: SyncEventExtras) -> Bool {
        lhs.encryption == rhs.encryption && lhs.malformedField == rhs.malformedField
    }
}
