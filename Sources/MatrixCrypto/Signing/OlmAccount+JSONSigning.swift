import MatrixJSON

extension OlmAccount {
    /// `object` with this device's signature under `signatures[userID]["ed25519:DEVICE_ID"]`:
    /// for a backup's `auth_data`, or the user's master cross-signing key, which the spec lets
    /// devices sign so that whoever verified the device can trust the master key.
    public func signed(_ object: JSONValue, userID: String, deviceID: String) throws -> JSONValue {
        try object.signed(entity: userID, keyID: deviceID) { signature(for: $0) }
    }
}
