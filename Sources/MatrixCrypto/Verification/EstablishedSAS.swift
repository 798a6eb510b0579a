import Crypto
import Foundation

/// The shared secret of one SAS verification, and all that is derived from it: the bytes of the
/// short authentication string and the `hkdf-hmac-sha256.v2` MACs. Its description names the
/// public keys only.
public struct EstablishedSAS: Sendable, CustomStringConvertible {
    private let sharedSecret: SymmetricKey
    /// Unpadded base64, for `SASInfo.shortAuthenticationString`.
    public let ourPublicKey: String
    public let theirPublicKey: String

    init(sharedSecret: Data, ourPublicKey: String, theirPublicKey: String) {
        self.sharedSecret = SymmetricKey(data: sharedSecret)
        self.ourPublicKey = ourPublicKey
        self.theirPublicKey = theirPublicKey
    }

    public var description: String { "EstablishedSAS(ours: \(ourPublicKey), theirs: \(theirPublicKey))" }

    /// HKDF-SHA-256 of the shared secret with no salt and `info`: `count` bytes, at most 8160.
    public func bytes(info: String, count: Int) -> [UInt8] {
        precondition((1...255 * SHA256.byteCount).contains(count), "HKDF-SHA-256 gives 1 to 8160 bytes")
        return HKDF<SHA256>.deriveKey(
            inputKeyMaterial: sharedSecret, info: Data(info.utf8), outputByteCount: count
        ).withUnsafeBytes { Array($0) }
    }

    /// The emoji to compare, from `SASInfo.shortAuthenticationString`.
    public func emoji(info: String) -> [SASEmoji] {
        ShortAuthenticationString.emojiIndices(bytes(info: info, count: ShortAuthenticationString.emojiByteCount))
            .map { SASEmoji.all[$0] }
    }

    /// The three numbers to compare, from `SASInfo.shortAuthenticationString`.
    public func decimals(info: String) -> [Int] {
        ShortAuthenticationString.decimals(bytes(info: info, count: ShortAuthenticationString.decimalByteCount))
    }

    /// `hkdf-hmac-sha256.v2`: HMAC-SHA-256 of `input`, keyed with 32 HKDF bytes of `info`; unpadded
    /// base64.
    public func mac(of input: String, info: String) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: macKey(info: info))).unpaddedBase64
    }

    /// Compared in constant time (swift-crypto's `safeCompare`), so timing tells nothing about
    /// how much of a forged MAC was right.
    public func isValidMAC(_ mac: String, of input: String, info: String) -> Bool {
        guard let code = Data(unpaddedBase64: mac) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data(input.utf8), using: macKey(info: info))
    }

    private func macKey(info: String) -> SymmetricKey {
        SymmetricKey(data: bytes(info: info, count: SHA256.byteCount))
    }

    /// The `mac` and `keys` fields of the `m.key.verification.mac` that `sender` sends about its
    /// `keys` (key ID → public key, e.g. `ed25519:DEVICE` and `ed25519:<master key>`).
    public func macContent(
        for keys: [String: String], sender: SASParty, receiver: SASParty, transactionID: String
    ) -> (mac: [String: String], keys: String) {
        func info(_ keyID: String) -> String {
            SASInfo.mac(sender: sender, receiver: receiver, transactionID: transactionID, keyID: keyID)
        }
        let macs = Dictionary(uniqueKeysWithValues: keys.map { keyID, publicKey in
            (keyID, mac(of: publicKey, info: info(keyID)))
        })
        return (macs, mac(of: Self.keyList(keys.keys), info: info(SASInfo.keyListID)))
    }

    /// Checks an `m.key.verification.mac` from `sender`. The `keys` MAC covers the key IDs of
    /// `mac`, so none was added or removed on the way; then every key ID found in `known` (key ID
    /// → the public key we expect) must have a matching MAC. Key IDs we do not know are left out,
    /// not refused: the other side may send keys we have not fetched. Returns the verified key IDs.
    public func verifiedKeyIDs(
        mac: [String: String], keys: String, known: [String: String],
        sender: SASParty, receiver: SASParty, transactionID: String
    ) throws(SASMACError) -> Set<String> {
        func info(_ keyID: String) -> String {
            SASInfo.mac(sender: sender, receiver: receiver, transactionID: transactionID, keyID: keyID)
        }
        guard isValidMAC(keys, of: Self.keyList(mac.keys), info: info(SASInfo.keyListID)) else { throw .keyMismatch }
        var verified: Set<String> = []
        for (keyID, keyMAC) in mac {
            guard let publicKey = known[keyID] else { continue }
            guard isValidMAC(keyMAC, of: publicKey, info: info(keyID)) else { throw .keyMismatch }
            verified.insert(keyID)
        }
        return verified
    }

    /// Sorted by code point (UTF-8 byte order, as other clients sort) and joined by commas.
    static func keyList(_ keyIDs: some Sequence<String>) -> String {
        keyIDs.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: ",")
    }
}
