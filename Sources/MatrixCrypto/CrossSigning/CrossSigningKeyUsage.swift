/// What a cross-signing key signs (`usage`): the master key is the user's identity and signs
/// the other two; the self-signing key signs the user's devices; the user-signing key signs
/// other users' master keys.
public enum CrossSigningKeyUsage: String, Sendable, Hashable, CaseIterable {
    case master
    case selfSigning = "self_signing"
    case userSigning = "user_signing"
}
