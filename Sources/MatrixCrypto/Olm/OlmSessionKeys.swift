import Crypto
import Foundation

/// The public keys a session was set up with: the initiator's identity key I(A) and base key
/// E(A), and the recipient's one-time key E(B). A pre-key message carries all three.
struct OlmSessionKeys: Sendable, Hashable, Codable {
    let identityKey: Curve25519PublicKey
    let baseKey: Curve25519PublicKey
    let oneTimeKey: Curve25519PublicKey

    /// SHA-256(I(A) ∥ E(A) ∥ E(B)) in unpadded base64, as vodozemac and libolm name sessions.
    var sessionID: String {
        let keys = identityKey.rawRepresentation + baseKey.rawRepresentation + oneTimeKey.rawRepresentation
        return Data(SHA256.hash(data: keys)).unpaddedBase64
    }
}
