import Crypto
import Foundation

/// R(i), from which each ratchet step derives the next root key and a new chain ("Initial
/// setup", "Advancing the root key").
struct OlmRootKey: Sendable, Codable {
    private let bytes: Data

    private init(bytes: Data) {
        self.bytes = bytes
    }

    /// R(0) ∥ C(0,0) = HKDF(0, S, "OLM_ROOT", 64), S being the triple Diffie-Hellman secret.
    static func initial(sharedSecret: Data) -> (root: OlmRootKey, chain: OlmChainKey) {
        derive(secret: sharedSecret, salt: Data(), info: "OLM_ROOT")
    }

    /// R(i) ∥ C(i,0) = HKDF(R(i−1), ECDH(T(i−1), T(i)), "OLM_RATCHET", 64).
    func advanced(ourRatchetKey: Curve25519KeyPair, theirRatchetKey: Curve25519PublicKey)
        -> (root: OlmRootKey, chain: OlmChainKey)
    {
        Self.derive(secret: ourRatchetKey.sharedSecret(with: theirRatchetKey), salt: bytes, info: "OLM_RATCHET")
    }

    private static func derive(secret: Data, salt: Data, info: String) -> (root: OlmRootKey, chain: OlmChainKey) {
        let derived = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret), salt: salt, info: Data(info.utf8), outputByteCount: 64
        ).withUnsafeBytes { Data($0) }
        return (OlmRootKey(bytes: derived.prefix(32)), OlmChainKey(bytes: derived.suffix(32)))
    }
}
