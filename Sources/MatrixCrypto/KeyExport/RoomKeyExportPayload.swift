import Foundation

/// The bytes inside the armour ("Key exports" step 4): version 0x01 ∥ salt S (16) ∥ IV (16) ∥
/// rounds N (big-endian 32-bit) ∥ AES-256-CTR ciphertext ∥ HMAC-SHA-256 of everything before (32).
struct RoomKeyExportPayload {
    static let version: UInt8 = 1
    static let saltByteCount = 16
    static let ivByteCount = 16
    static let macByteCount = 32
    private static let roundsOffset = 1 + saltByteCount + ivByteCount
    private static let ciphertextOffset = roundsOffset + 4

    let salt: Data
    let iv: Data
    let rounds: UInt32
    let ciphertext: Data

    init(salt: Data, iv: Data, rounds: UInt32, ciphertext: Data) {
        self.salt = salt
        self.iv = iv
        self.rounds = rounds
        self.ciphertext = ciphertext
    }

    /// Splits a whole payload into its fields and the HMAC that ends it, which the caller checks.
    static func parse(_ data: Data) throws(RoomKeyExportError) -> (payload: Self, mac: Data) {
        let data = Data(data)
        guard let version = data.first else { throw .truncated }
        guard version == Self.version else { throw .unsupportedVersion(version) }
        let macOffset = data.count - macByteCount
        guard macOffset >= ciphertextOffset else { throw .truncated }
        let payload = Self(
            salt: Data(data[1..<roundsOffset - ivByteCount]),
            iv: Data(data[roundsOffset - ivByteCount..<roundsOffset]),
            rounds: data[roundsOffset..<ciphertextOffset].reduce(0) { $0 << 8 | UInt32($1) },
            ciphertext: Data(data[ciphertextOffset..<macOffset]))
        return (payload, Data(data[macOffset...]))
    }

    /// Everything the HMAC covers.
    var authenticatedBytes: Data {
        var data = Data([Self.version])
        data.append(salt)
        data.append(iv)
        withUnsafeBytes(of: rounds.bigEndian) { data.append(contentsOf: $0) }
        data.append(ciphertext)
        return data
    }
}
