import Crypto
import Foundation

/// Element's encrypted room-key export file ("Key exports" in the client-server API): the JSON
/// of `ExportedRoomKey`s, encrypted and authenticated with keys derived from a passphrase.
public enum RoomKeyExport {
    /// Element's current default; the spec asks for at least 100,000.
    public static let defaultRounds = 500_000

    /// The file's text for `plaintext` (UTF-8 JSON of `[ExportedRoomKey]`), under a fresh random
    /// salt and IV.
    public static func encrypt(_ plaintext: Data, passphrase: String, rounds: Int = defaultRounds) throws(RoomKeyExportError) -> String {
        guard let rounds32 = UInt32(exactly: rounds), rounds32 > 0 else { throw .invalidRounds(rounds) }
        let salt = randomBytes(RoomKeyExportPayload.saltByteCount)
        var iv = randomBytes(RoomKeyExportPayload.ivByteCount)
        // Bit 63 of the big-endian counter block, so no implementation's 64-bit counter wraps.
        iv[8] &= 0x7F
        let keys = try RoomKeyExportKeys(passphrase: passphrase, salt: salt, rounds: rounds32)
        let payload = RoomKeyExportPayload(
            salt: salt, iv: iv, rounds: rounds32, ciphertext: keys.applyKeystream(to: plaintext, iv: iv))
        var bytes = payload.authenticatedBytes
        bytes.append(keys.mac(for: bytes))
        return RoomKeyExportArmor.wrap(bytes)
    }

    /// The plaintext of a file `encrypt` or another client wrote, once its HMAC matched.
    public static func decrypt(_ file: String, passphrase: String) throws(RoomKeyExportError) -> Data {
        let (payload, mac) = try RoomKeyExportPayload.parse(RoomKeyExportArmor.unwrap(file))
        let keys = try RoomKeyExportKeys(passphrase: passphrase, salt: payload.salt, rounds: payload.rounds)
        guard keys.isValidMAC(mac, for: payload.authenticatedBytes) else { throw .authenticationFailed }
        return keys.applyKeystream(to: payload.ciphertext, iv: payload.iv)
    }

    private static func randomBytes(_ count: Int) -> Data {
        SymmetricKey(size: .init(bitCount: count * 8)).withUnsafeBytes { Data($0) }
    }
}
