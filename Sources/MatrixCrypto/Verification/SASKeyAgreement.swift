import Foundation

/// One side's ephemeral Curve25519 key for one SAS verification (key agreement
/// `curve25519-hkdf-sha256`). Never reuse one across flows: the accepting side's commitment is
/// what keeps a man in the middle to a single guess, and it only binds a key that is new.
public struct SASKeyAgreement: Sendable, CustomStringConvertible {
    private let keyPair: Curve25519KeyPair

    public init() {
        keyPair = Curve25519KeyPair()
    }

    /// A fixed private key, so that known-answer tests can reproduce published transcripts.
    init(rawPrivateKey: Data) throws(MatrixCryptoError) {
        keyPair = try Curve25519KeyPair(rawRepresentation: rawPrivateKey)
    }

    /// Unpadded base64, as `m.key.verification.key` carries it.
    public var publicKey: String { keyPair.publicKey.base64 }
    public var description: String { "SASKeyAgreement(public: \(publicKey))" }

    /// ECDH with the other side's ephemeral key. A malformed key, or one of small order (whose
    /// shared secret is zero whatever our key, so the other side would choose it), is refused.
    public func establish(with theirPublicKey: String) throws(MatrixCryptoError) -> EstablishedSAS {
        let theirs = try Curve25519PublicKey(base64: theirPublicKey)
        return EstablishedSAS(
            sharedSecret: keyPair.sharedSecret(with: theirs), ourPublicKey: keyPair.publicKey.base64,
            theirPublicKey: theirs.base64
        )
    }
}
