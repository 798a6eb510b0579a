import Foundation
import MatrixJSON

/// A user's three private cross-signing keys. Secret storage keeps each as the base64 of its
/// 32-byte Ed25519 seed (`m.cross_signing.master`, `m.cross_signing.self_signing`,
/// `m.cross_signing.user_signing`). Its description names the public keys only.
public struct CrossSigningSecrets: Sendable, CustomStringConvertible {
    public let masterKey: Ed25519SigningKey
    public let selfSigningKey: Ed25519SigningKey
    public let userSigningKey: Ed25519SigningKey

    public init() {
        masterKey = Ed25519SigningKey()
        selfSigningKey = Ed25519SigningKey()
        userSigningKey = Ed25519SigningKey()
    }

    /// From the three secrets, padded base64 or not.
    public init(master: String, selfSigning: String, userSigning: String) throws(MatrixCryptoError) {
        masterKey = try Self.key(seed: master)
        selfSigningKey = try Self.key(seed: selfSigning)
        userSigningKey = try Self.key(seed: userSigning)
    }

    /// The secrets to store, unpadded as Matrix writes keys.
    public var masterSeed: String { masterKey.rawRepresentation.unpaddedBase64 }
    public var selfSigningSeed: String { selfSigningKey.rawRepresentation.unpaddedBase64 }
    public var userSigningSeed: String { userSigningKey.rawRepresentation.unpaddedBase64 }

    /// The public keys for `/keys/device_signing/upload`, the self-signing and user-signing keys
    /// signed by the master key. The spec also lets the user's devices sign the master key
    /// (`OlmAccount.signed`, then `/keys/signatures/upload`), so that a user who verified one of
    /// those devices before can trust the master key.
    public func publicKeys(userID: String) -> (master: JSONValue, selfSigning: JSONValue, userSigning: JSONValue) {
        // Signing fails only for what is not an object or holds numbers; these are neither.
        let selfSigning = try! Self.publicKey(selfSigningKey, usage: .selfSigning, userID: userID).signed(by: masterKey, userID: userID)
        let userSigning = try! Self.publicKey(userSigningKey, usage: .userSigning, userID: userID).signed(by: masterKey, userID: userID)
        return (Self.publicKey(masterKey, usage: .master, userID: userID), selfSigning, userSigning)
    }

    /// `deviceKeys` (one of this user's devices, as `/keys/query` shows it) with the
    /// self-signing key's signature, for `/keys/signatures/upload`.
    public func signingDevice(_ deviceKeys: JSONValue, userID: String) throws -> JSONValue {
        guard deviceKeys["user_id"]?.string == userID else { throw MatrixCryptoError.mismatchedUserID }
        return try deviceKeys.signed(by: selfSigningKey, userID: userID)
    }

    /// Another user's master key with the user-signing key's signature under `userID` (this
    /// user, the signer), for `/keys/signatures/upload` once that user is verified.
    public func signingIdentity(_ masterKey: JSONValue, userID: String) throws -> JSONValue {
        guard try CrossSigningPublicKey(json: masterKey).usages == [.master] else { throw MatrixCryptoError.wrongKeyUsage }
        return try masterKey.signed(by: userSigningKey, userID: userID)
    }

    /// Whether these are the private halves of `identity`'s three keys: secrets read from
    /// secret storage are used only if they are the published ones.
    public func matches(_ identity: CrossSigningIdentity) -> Bool {
        identity.master.key == masterKey.publicKey && identity.selfSigning?.key == selfSigningKey.publicKey
            && identity.userSigning?.key == userSigningKey.publicKey
    }

    public var description: String {
        "CrossSigningSecrets(master: \(masterKey.publicKey.base64), self-signing: \(selfSigningKey.publicKey.base64), "
            + "user-signing: \(userSigningKey.publicKey.base64))"
    }

    private static func key(seed: String) throws(MatrixCryptoError) -> Ed25519SigningKey {
        guard let bytes = Data(unpaddedBase64: seed) else { throw .invalidBase64 }
        return try Ed25519SigningKey(rawRepresentation: bytes)
    }

    private static func publicKey(_ key: Ed25519SigningKey, usage: CrossSigningKeyUsage, userID: String) -> JSONValue {
        let name = key.publicKey.base64
        return ["user_id": .string(userID), "usage": [.string(usage.rawValue)], "keys": ["ed25519:\(name)": .string(name)]]
    }
}
