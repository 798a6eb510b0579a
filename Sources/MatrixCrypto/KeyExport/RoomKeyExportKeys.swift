import Crypto
import CryptoExtras
import Foundation

/// K ∥ K' = PBKDF2(HMAC-SHA-512, passphrase, S, N, 512) ("Key exports" step 2): K encrypts with
/// AES-256-CTR, K' authenticates with HMAC-SHA-256.
struct RoomKeyExportKeys {
    /// Twenty times Element's count. A file names its own count, and 2^32 − 1 rounds would keep
    /// an import busy for hours; no client writes more than this.
    static let maximumRounds: UInt32 = 10_000_000

    private let aesKey: SymmetricKey
    private let macKey: SymmetricKey

    init(passphrase: String, salt: Data, rounds: UInt32) throws(RoomKeyExportError) {
        guard !passphrase.isEmpty else { throw .emptyPassphrase }
        guard rounds > 0, rounds <= Self.maximumRounds else { throw .invalidRounds(Int(rounds)) }
        // The checked variant refuses fewer than 210,000 rounds, and files from other clients
        // use as few as 10,000 (matrix-nio's default).
        let derived = try! KDF.Insecure.PBKDF2.deriveKey(
            from: Data(passphrase.utf8), salt: salt, using: .sha512, outputByteCount: 64,
            unsafeUncheckedRounds: Int(rounds)
        ).withUnsafeBytes { Data($0) }
        aesKey = SymmetricKey(data: derived.prefix(32))
        macKey = SymmetricKey(data: derived.suffix(32))
    }

    /// AES-256-CTR from the 128-bit counter block `iv`; the same call encrypts and decrypts.
    func applyKeystream(to bytes: Data, iv: Data) -> Data {
        try! AES._CTR.encrypt(bytes, using: aesKey, nonce: AES._CTR.Nonce(nonceBytes: iv))
    }

    func mac(for bytes: Data) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: bytes, using: macKey))
    }

    /// Compared in constant time (swift-crypto's `safeCompare`), so timing tells nothing about
    /// how much of a forged MAC was right.
    func isValidMAC(_ mac: Data, for bytes: Data) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: bytes, using: macKey)
    }
}
