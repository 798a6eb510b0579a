import MatrixJSON

/// One user's public cross-signing keys, made only when they hang together: the master key has
/// the usage `master` alone, and the self-signing and user-signing keys (each optional: other
/// users' user-signing keys are never shown) have their own usage alone, the master key's user,
/// and its signature. What they sign is then checked against these keys.
public struct CrossSigningIdentity: Sendable, Hashable {
    public let master: CrossSigningPublicKey
    public let selfSigning: CrossSigningPublicKey?
    public let userSigning: CrossSigningPublicKey?

    public init(
        master: CrossSigningPublicKey, selfSigning: CrossSigningPublicKey? = nil, userSigning: CrossSigningPublicKey? = nil
    ) throws(MatrixCryptoError) {
        guard master.usages == [.master] else { throw .wrongKeyUsage }
        try Self.check(selfSigning, usage: .selfSigning, master: master)
        try Self.check(userSigning, usage: .userSigning, master: master)
        self.master = master
        self.selfSigning = selfSigning
        self.userSigning = userSigning
    }

    /// `userID`'s keys in a `/keys/query` response (`master_keys`, `self_signing_keys`,
    /// `user_signing_keys`); nil when it has no master key for them.
    public init?(keysQuery response: JSONValue, userID: String) throws {
        guard let master = response["master_keys"]?[userID] else { return nil }
        let masterKey = try CrossSigningPublicKey(json: master)
        guard masterKey.userID == userID else { throw MatrixCryptoError.mismatchedUserID }
        try self.init(
            master: masterKey,
            selfSigning: response["self_signing_keys"]?[userID].map { try CrossSigningPublicKey(json: $0) },
            userSigning: response["user_signing_keys"]?[userID].map { try CrossSigningPublicKey(json: $0) })
    }

    public var userID: String { master.userID }

    /// Whether this user's self-signing key signed `deviceKeys`, the device `deviceID` of
    /// `userID` (this user) as `/keys/query` shows it: the device is then as trusted as the user.
    public func hasSigned(deviceKeys: JSONValue, userID: String, deviceID: String) -> Bool {
        guard let selfSigning, userID == self.userID, deviceKeys["user_id"]?.string == userID,
            deviceKeys["device_id"]?.string == deviceID
        else { return false }
        return deviceKeys.isSigned(by: selfSigning.key, userID: userID)
    }

    /// Whether this user's user-signing key signed `other`, another user's master key: this
    /// user verified that user.
    public func hasSigned(masterKey other: CrossSigningPublicKey) -> Bool {
        guard let userSigning, other.usages == [.master] else { return false }
        return other.isSigned(by: userSigning.key, userID: userID)
    }

    private static func check(
        _ subkey: CrossSigningPublicKey?, usage: CrossSigningKeyUsage, master: CrossSigningPublicKey
    ) throws(MatrixCryptoError) {
        guard let subkey else { return }
        guard subkey.usages == [usage] else { throw .wrongKeyUsage }
        guard subkey.userID == master.userID else { throw .mismatchedUserID }
        guard subkey.isSigned(by: master.key, userID: master.userID) else { throw .badSignature }
    }
}
