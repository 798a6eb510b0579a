import Crypto
import Foundation
import MatrixJSON

/// The `commitment` of `m.key.verification.accept`: the accepting side binds its ephemeral key
/// before it sees the other's, so a man in the middle cannot pick a key to match.
public enum SASCommitment {
    /// Unpadded base64 SHA-256 of the accepting side's public key (unpadded base64) followed by
    /// the canonical JSON of the `m.key.verification.start` content. Content that has no
    /// canonical JSON (a fraction, an integer beyond ±2^53) gives a random value, which no
    /// commitment matches: the flow then fails as for a mismatched commitment.
    public static func of(publicKey: String, startContent: JSONValue) -> String {
        guard let canonical = try? startContent.canonicalEncoding() else {
            return Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }).unpaddedBase64
        }
        return Data(SHA256.hash(data: Data(publicKey.utf8) + canonical)).unpaddedBase64
    }
}
