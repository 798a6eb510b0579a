import Foundation
import MatrixJSON

/// What opens an encrypted attachment (the spec's `EncryptedFile` without its `url`): the AES-256
/// key as a JSON web key, the 16-byte counter block it starts from, and the SHA-256 of the
/// ciphertext, which is checked before anything is decrypted. Its description names no key.
public struct AttachmentKeys: Sendable, Equatable, Codable, CustomStringConvertible {
    public let key: Data
    public let iv: Data
    public let sha256: Data

    public init(key: Data, iv: Data, sha256: Data) {
        self.key = key
        self.iv = iv
        self.sha256 = sha256
    }

    /// From an `EncryptedFile` object: version `v2`, an `A256CTR` key of 32 bytes, a 16-byte IV.
    public init?(json: JSONValue) {
        guard json["v"]?.string == "v2", json["key"]?["alg"]?.string == "A256CTR", json["key"]?["kty"]?.string == "oct",
              let key = json["key"]?["k"]?.string.flatMap(Self.base64URL), key.count == 32,
              let iv = json["iv"]?.string.flatMap(Data.init(unpaddedBase64:)), iv.count == 16,
              let sha256 = json["hashes"]?["sha256"]?.string.flatMap(Data.init(unpaddedBase64:)), sha256.count == 32
        else { return nil }
        self.init(key: key, iv: iv, sha256: sha256)
    }

    /// The `EncryptedFile` fields besides `url`, as Element writes them.
    public var jsonFields: [String: JSONValue] {
        let webKey = key.unpaddedBase64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        return [
            "v": "v2",
            "key": ["kty": "oct", "key_ops": ["encrypt", "decrypt"], "alg": "A256CTR", "k": .string(webKey), "ext": true],
            "iv": .string(iv.unpaddedBase64),
            "hashes": ["sha256": .string(sha256.unpaddedBase64)],
        ]
    }

    public var description: String { "AttachmentKeys(sha256: \(sha256.unpaddedBase64))" }

    /// Kept as the `EncryptedFile` fields, so a store holds what the event held.
    public init(from decoder: any Decoder) throws {
        guard let keys = AttachmentKeys(json: try JSONValue(from: decoder)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not EncryptedFile fields"))
        }
        self = keys
    }

    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(jsonFields).encode(to: encoder)
    }

    /// A JSON web key's `k`: base64 with `-` and `_` for `+` and `/`, unpadded.
    private static func base64URL(_ text: String) -> Data? {
        Data(unpaddedBase64: text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/"))
    }
}
