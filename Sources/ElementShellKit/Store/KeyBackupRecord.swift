/// The server-side key backup this device uses: its version on the server and the Curve25519
/// public key room keys are encrypted to.
public struct KeyBackupRecord: Sendable, Equatable {
    public var version: String
    public var publicKey: String

    public init(version: String, publicKey: String) {
        self.version = version
        self.publicKey = publicKey
    }
}
