import Foundation
import MatrixJSON

/// The account data `m.secret_storage.key.<key ID>`: what a secret storage key is and how to
/// tell the right one. The key check (`iv`, `mac`) is the MAC of 32 zero bytes encrypted as a
/// secret named "" under the key, so checking a key needs no stored secret.
public struct SecretStorageKeyDescription: Sendable, Equatable {
    public static let aesHmacSha2 = "m.secret_storage.v1.aes-hmac-sha2"
    private static let checkPlaintext = Data(count: 32)

    /// The only one supported is `aesHmacSha2`; a description of another is kept so it can be
    /// named, but unlocks nothing.
    public let algorithm: String
    public let name: String?
    public let passphrase: SecretStoragePassphrase?
    public let iv: Data?
    public let mac: Data?

    public static func eventType(keyID: String) -> String {
        "m.secret_storage.key.\(keyID)"
    }

    /// `key`'s description with a new key check, for a key this client makes.
    public static func describing(
        _ key: SecretStorageKey, passphrase: SecretStoragePassphrase? = nil, name: String? = nil
    ) -> Self {
        let iv = SecretStorageCipher.randomIV()
        let cipher = SecretStorageCipher(key: key, name: "")
        let mac = cipher.mac(for: cipher.applyKeystream(to: checkPlaintext, iv: iv)!)  // a 16-byte IV, made here
        return Self(algorithm: aesHmacSha2, name: name, passphrase: passphrase, iv: iv, mac: mac)
    }

    /// Members that are null read as absent (matrix-rust-sdk writes `"name": null`).
    public init(json: JSONValue) throws(SecretStorageError) {
        guard let algorithm = json["algorithm"]?.string else { throw .malformed("algorithm") }
        let name = json["name"]
        guard name == nil || name == .null || name?.string != nil else { throw .malformed("name") }
        self.init(
            algorithm: algorithm, name: name?.string,
            passphrase: json["passphrase"].flatMap(SecretStoragePassphrase.init(json:)),
            iv: try json.base64Member("iv"), mac: try json.base64Member("mac"))
    }

    private init(algorithm: String, name: String?, passphrase: SecretStoragePassphrase?, iv: Data?, mac: Data?) {
        self.algorithm = algorithm
        self.name = name
        self.passphrase = passphrase
        self.iv = iv
        self.mac = mac
    }

    /// `iv` and `mac` in unpadded base64, as the spec asks: matrix-rust-sdk writes the same,
    /// and Element, which writes padding, reads both (its check compares the MACs with the
    /// padding trimmed).
    public var json: JSONValue {
        var members: [String: JSONValue] = ["algorithm": .string(algorithm)]
        if let name { members["name"] = .string(name) }
        if let passphrase { members["passphrase"] = passphrase.json }
        if let iv { members["iv"] = .string(iv.unpaddedBase64) }
        if let mac { members["mac"] = .string(mac.unpaddedBase64) }
        return .object(members)
    }

    /// Whether `key` is the key described, by its key check in constant time. False for an
    /// algorithm other than `aesHmacSha2`, and for an IV that is missing (while the MAC is
    /// not) or not 16 bytes. True when there is no MAC at all: the spec says a description
    /// without a check must be taken as matching (a wrong key then fails at each secret's own
    /// MAC, so nothing is decrypted with it; a client about to store secrets under the key
    /// should first decrypt one already there).
    public func isUnlocked(by key: SecretStorageKey) -> Bool {
        guard algorithm == Self.aesHmacSha2 else { return false }
        guard let mac else { return true }
        let cipher = SecretStorageCipher(key: key, name: "")
        guard let iv, let ciphertext = cipher.applyKeystream(to: Self.checkPlaintext, iv: iv) else { return false }
        return cipher.isValidMAC(mac, for: ciphertext)
    }
}
