import MatrixJSON

/// Signatures by a user's own keys go under `signatures[userID]["ed25519:ID"]`, where ID is the
/// device ID for a device's key and the key itself (unpadded base64) for a cross-signing key,
/// whose public key is its name ("Cross-signing").
extension JSONValue {
    /// Signed by the cross-signing key `key` (a device signs through `OlmAccount.signed`).
    public func signed(by key: Ed25519SigningKey, userID: String) throws -> JSONValue {
        try signed(by: key, entity: userID, keyID: key.publicKey.base64)
    }

    /// Whether the device `deviceID` of `userID`, or without it the cross-signing key `key`,
    /// signed this object with `key`.
    public func isSigned(by key: Ed25519PublicKey, userID: String, deviceID: String? = nil) -> Bool {
        hasValidSignature(by: key, entity: userID, keyID: deviceID ?? key.base64)
    }
}
