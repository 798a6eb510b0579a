import Foundation

/// S = ECDH(I(A), E(B)) ∥ ECDH(E(A), I(B)) ∥ ECDH(E(A), E(B)) ("Initial setup"), computed by
/// either side from its private keys and the other's public ones.
enum TripleDiffieHellman {
    /// Alice's side: her identity and base keys, Bob's identity and one-time keys.
    static func initiatorSecret(
        identityKey: Curve25519KeyPair, baseKey: Curve25519KeyPair,
        theirIdentityKey: Curve25519PublicKey, theirOneTimeKey: Curve25519PublicKey
    ) -> Data {
        identityKey.sharedSecret(with: theirOneTimeKey)
            + baseKey.sharedSecret(with: theirIdentityKey)
            + baseKey.sharedSecret(with: theirOneTimeKey)
    }

    /// Bob's side: his identity and one-time keys, Alice's identity and base keys.
    static func recipientSecret(
        identityKey: Curve25519KeyPair, oneTimeKey: Curve25519KeyPair,
        theirIdentityKey: Curve25519PublicKey, theirBaseKey: Curve25519PublicKey
    ) -> Data {
        oneTimeKey.sharedSecret(with: theirIdentityKey)
            + identityKey.sharedSecret(with: theirBaseKey)
            + oneTimeKey.sharedSecret(with: theirBaseKey)
    }
}
