/// The server-side key backup this device uses: its version on the server and the Curve25519
/// public key room keys are encrypted to.
public struct KeyBackupRecord: Sendable, Equatable {
    public var version: String
    public var publicKey: String
    /// A restore from it began and did not finish.
    public var isRestorePending: Bool

    public init(version: String, publicKey: String, isRestorePending: Bool = false) {
        self.version = version
        self.publicKey = publicKey
        self.isRestorePending = isRestorePending
    }
}
