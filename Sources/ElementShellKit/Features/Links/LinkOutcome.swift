import MatrixClient

/// What `/links` and `/link` produced.
public enum LinkOutcome: Sendable, Equatable {
    case listed([LinkEntry])
    /// `inBrowser` is false where no desktop could show it: the address is printed to copy.
    case opened(address: RemoteText, inBrowser: Bool)
}
