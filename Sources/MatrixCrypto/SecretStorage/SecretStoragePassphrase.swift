import Crypto
import Foundation
import MatrixJSON

/// How a key description's key comes from a passphrase (its `passphrase` member, algorithm
/// `m.pbkdf2`): the salt and iteration count that `SecretStorageKey.derived` needs.
public struct SecretStoragePassphrase: Sendable, Hashable {
    public static let algorithm = "m.pbkdf2"
    /// What Element and matrix-rust-sdk write.
    public static let defaultIterations = 500_000
    /// Twenty times the default. The count comes from account data the server could alter,
    /// and 2^31 iterations would keep an unlock busy for hours.
    public static let maximumIterations = 10_000_000
    private static let saltLength = 32
    private static let saltCharacters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    public let salt: String
    public let iterations: Int
    public let bitCount: Int

    public init(salt: String, iterations: Int, bitCount: Int = 256) {
        self.salt = salt
        self.iterations = iterations
        self.bitCount = bitCount
    }

    /// A new passphrase description with a fresh random salt of 32 letters and digits, the form
    /// Element and matrix-rust-sdk make.
    public init(iterations: Int = defaultIterations) {
        self.init(salt: Self.randomSalt(), iterations: iterations)
    }

    /// Nil for another algorithm, or an `m.pbkdf2` without a salt or iteration count: a
    /// passphrase this client cannot use, though the recovery key still unlocks.
    init?(json: JSONValue) {
        guard json["algorithm"]?.string == Self.algorithm,
            let salt = json["salt"]?.string, let iterations = json["iterations"]?.int
        else { return nil }
        var bitCount = 256
        if let bits = json["bits"], bits != .null {
            guard let value = bits.int else { return nil }
            bitCount = value
        }
        self.init(salt: salt, iterations: iterations, bitCount: bitCount)
    }

    var json: JSONValue {
        ["algorithm": .string(Self.algorithm), "salt": .string(salt), "iterations": .integer(Int64(iterations)),
         "bits": .integer(Int64(bitCount))]
    }

    public func key(fromPassphrase passphrase: String) throws(SecretStorageError) -> SecretStorageKey {
        try SecretStorageKey.derived(fromPassphrase: passphrase, salt: salt, iterations: iterations, bitCount: bitCount)
    }

    /// Uniform over the characters: random bytes past the largest multiple of their count are
    /// drawn again rather than folded in.
    private static func randomSalt() -> String {
        let limit = UInt8(256 / saltCharacters.count * saltCharacters.count)
        var salt = ""
        while salt.count < saltLength {
            let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
            for byte in bytes where byte < limit && salt.count < saltLength {
                salt.append(saltCharacters[Int(byte) % saltCharacters.count])
            }
        }
        return salt
    }
}
