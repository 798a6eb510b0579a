/// The algorithm names encryption puts in events and key requests.
public enum CryptoAlgorithm {
    public static let olm = "m.olm.v1.curve25519-aes-sha2"
    public static let megolm = "m.megolm.v1.aes-sha2"
    /// One-time and fallback keys: Curve25519 keys signed by the device's Ed25519 key.
    public static let signedCurve25519 = "signed_curve25519"
}
