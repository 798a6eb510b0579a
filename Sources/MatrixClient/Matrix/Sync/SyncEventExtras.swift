import MatrixJSON

/// What few events carry beyond their everyday fields: server-added data other than `age`, what
/// an old redaction removes, the room where an answer mixes rooms, how one arrived encrypted, and
/// which field of a malformed one did not fit. Kept behind one reference so that `SyncEvent`
/// grows by a pointer, not by these: an initial sync holds tens of thousands of events, nearly all
/// without any, and each byte of an event is a byte of memory touched for the first time.
final class SyncEventExtras: Sendable, Equatable {
    struct Fields: Sendable, Equatable {
        var unsigned: JSONValue?
        var redacts: String?
        var roomID: String?
        var encryption: EventEncryption?
        var malformedField: String?
    }

    let fields: Fields

    /// `nil` when there is nothing to keep.
    static func make(_ fields: Fields) -> SyncEventExtras? {
        fields == Fields() ? nil : SyncEventExtras(fields)
    }

    private init(_ fields: Fields) {
        self.fields = fields
    }

    static func == (lhs: SyncEventExtras, rhs: SyncEventExtras) -> Bool {
        lhs.fields == rhs.fields
    }
}
