import Crypto
import Foundation

/// C(i,j), one step of a sending or receiving chain: "Advancing the chain key" and "Creating a
/// message key".
struct OlmChainKey: Sendable, Codable {
    private(set) var bytes: Data
    private(set) var index: UInt64

    init(bytes: Data) {
        self.bytes = bytes
        index = 0
    }

    /// M(i,j) = HMAC(C(i,j), 0x01).
    var messageKey: OlmMessageKey {
        OlmMessageKey(bytes: hash(0x01), index: index)
    }

    /// C(i,j+1) = HMAC(C(i,j), 0x02).
    mutating func advance() {
        bytes = hash(0x02)
        index += 1
    }

    private func hash(_ seed: UInt8) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: [seed], using: SymmetricKey(data: bytes)))
    }
}

/// M(i,j): encrypts or decrypts the one message at `index` of its chain.
struct OlmMessageKey: Sendable, Codable {
    let bytes: Data
    let index: UInt64

    var cipherKeys: CipherKeys { CipherKeys(secret: bytes, purpose: .olm) }
}
