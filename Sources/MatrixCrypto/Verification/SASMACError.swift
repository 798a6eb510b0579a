/// Why a received `m.key.verification.mac` was refused; the flow is then cancelled with
/// `m.key_mismatch`.
public enum SASMACError: Error, Equatable, Sendable {
    /// The MAC of the key list, or of a key we know, does not match: a key was changed, added or
    /// removed on the way, or the two sides do not share a secret.
    case keyMismatch
}
