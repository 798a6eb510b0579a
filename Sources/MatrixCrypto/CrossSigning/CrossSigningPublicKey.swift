import MatrixJSON

/// One cross-signing key as `/keys/query` returns it and `/keys/device_signing/upload` takes it
/// (`CrossSigningKey`): `user_id`, `usage`, `keys` with exactly one Ed25519 key named by itself
/// (`ed25519:KEY`), and `signatures`. Reading one checks its form, not its signatures:
/// `CrossSigningIdentity` does that.
public struct CrossSigningPublicKey: Sendable, Hashable, CustomStringConvertible {
    public let userID: String
    public let usages: Set<CrossSigningKeyUsage>
    public let key: Ed25519PublicKey
    /// As given, members this type does not know included: signatures cover them too.
    public let json: JSONValue

    public init(json: JSONValue) throws {
        guard case .object = json else { throw MatrixCryptoError.notAnObject }
        guard let userID = json["user_id"]?.string else { throw MatrixCryptoError.malformed("cross-signing key user_id") }
        guard let usage = json["usage"]?.array, !usage.isEmpty else {
            throw MatrixCryptoError.malformed("cross-signing key usage")
        }
        var usages: Set<CrossSigningKeyUsage> = []
        for value in usage {
            guard let name = value.string, let usage = CrossSigningKeyUsage(rawValue: name) else {
                throw MatrixCryptoError.malformed("cross-signing key usage")
            }
            usages.insert(usage)
        }
        // Signatures by this key are found by its name, so the name must be the key as it is
        // written everywhere else: unpadded base64 of those very bytes.
        guard let keys = json["keys"]?.object, keys.count == 1, let (keyID, value) = keys.first,
            let encoded = value.string, keyID == "ed25519:\(encoded)"
        else { throw MatrixCryptoError.malformed("cross-signing key keys") }
        let key = try Ed25519PublicKey(base64: encoded)
        guard key.base64 == encoded else { throw MatrixCryptoError.malformed("cross-signing key keys") }
        self.userID = userID
        self.usages = usages
        self.key = key
        self.json = json
    }

    /// Whether `key` of `userID` signed this key: a cross-signing key (named by itself), or the
    /// device `deviceID`.
    public func isSigned(by key: Ed25519PublicKey, userID: String, deviceID: String? = nil) -> Bool {
        json.isSigned(by: key, userID: userID, deviceID: deviceID)
    }

    public var description: String {
        "CrossSigningPublicKey(\(userID), \(usages.map(\.rawValue).sorted().joined(separator: ",")), \(key.base64))"
    }
}
