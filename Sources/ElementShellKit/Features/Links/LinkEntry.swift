import MatrixClient

/// One address `/links` lists: where it was written, and by whom.
public struct LinkEntry: Sendable, Equatable {
    /// What `/link` takes.
    public var number: Int
    /// As written: a stranger's text, shown only cleaned.
    public var address: RemoteText
    /// The `~N` of its message.
    public var reference: Int?
    public var senderName: RemoteText
}
