/// Devices' Curve25519 keys sorted by the mark their messages get (`MessageEncryption`).
public struct DeviceTrustKeys: Sendable, Equatable {
    /// Verified by fingerprint, or cross-signed by an identity trusted here.
    public var verified: Set<String> = []
    /// Signed by their owner's identity, which nobody here verified (and which did not change).
    public var ownerSigned: Set<String> = []
    /// Of users whose identity changed since it was verified here.
    public var identityChanged: Set<String> = []

    public init(verified: Set<String> = [], ownerSigned: Set<String> = [], identityChanged: Set<String> = []) {
        self.verified = verified
        self.ownerSigned = ownerSigned
        self.identityChanged = identityChanged
    }
}
