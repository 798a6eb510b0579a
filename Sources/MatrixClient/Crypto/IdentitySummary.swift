/// A user's cross-signing identity as this device sees it, for `/whois`.
public struct IdentitySummary: Sendable, Equatable {
    public enum State: String, Sendable, Equatable {
        /// The user has no cross-signing identity (or none that holds together).
        case none
        case notVerified = "not_verified"
        /// Ours, unlocked here; or signed by our user-signing key.
        case verified
        /// Another master key than the one verified before: Element's verification violation.
        case changed
        /// Never verified, and another master key than the one first seen or accepted (a pin
        /// violation): Element's "identity was reset".
        case reset
    }

    public var userID: String
    /// The master key's base64, as people compare it.
    public var masterKey: String?
    public var state: State
    public var devices: [DeviceRecord]
    /// Another user's: which of the two lacks cross-signing, so verifying would not cover them.
    public var crossSigningGaps = CrossSigningGaps()
}
