/// Why `/recovery` or `/backup` stopped. Nothing is kept or uploaded from a failed attempt.
public enum RecoveryError: Error, Sendable, Equatable {
    /// The account has no secret storage: `/recovery setup` makes one.
    case noSecretStorage
    /// The recovery key or passphrase does not unlock secret storage.
    case wrongKey
    /// The key was typed wrong: not a recovery key at all.
    case malformedKey
    /// Secret storage was made with a passphrase-less key, or an algorithm not supported here.
    case passphraseNotSupported
    case unsupportedAlgorithm(String)
    /// A secret is absent from secret storage (never stored there, or by another client's choice).
    case secretMissing(String)
    /// A secret does not decrypt: its MAC fails, so it was altered.
    case secretTampered(String)
    /// The cross-signing keys in secret storage are not the ones the server publishes.
    case identityMismatch
    /// `/recovery setup` on an account that already has cross-signing keys.
    case alreadySetUp
    /// The server asked for authentication this terminal cannot give (no password flow).
    case authenticationUnsupported
    /// No backup on the server, or none this device can read.
    case noBackup
    /// The backup's key is not the one in secret storage, nor signed by a trusted key.
    case untrustedBackup
    /// Verifying others needs this account's cross-signing keys here: `/recovery` first.
    case crossSigningLocked
    /// The user has no cross-signing identity to verify.
    case noIdentity(String)
    /// The fingerprint typed is not the user's master key: nothing was signed.
    case identityFingerprintMismatch(String)
    case server(MatrixError)
    case storeUnavailable
}
