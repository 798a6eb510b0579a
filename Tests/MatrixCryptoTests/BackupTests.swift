import Foundation
@testable import MatrixCrypto
import MatrixJSON
import Testing

/// Key backup (`m.megolm_backup.v1.curve25519-aes-sha2`): round trips and what is refused.
@Suite struct BackupTests {
    private let plaintext = Data(#"{"algorithm":"m.megolm.v1.aes-sha2","session_key":"secret"}"#.utf8)

    /// What a writer following the spec's first text would send: the MAC over the ciphertext.
    private func encryptedWithCiphertextMAC(_ plaintext: Data, for key: Curve25519PublicKey) -> EncryptedBackupSession {
        let ephemeral = Curve25519KeyPair()
        let keys = CipherKeys(secret: ephemeral.sharedSecret(with: key), purpose: .backup)
        let ciphertext = keys.encrypt(plaintext)
        return EncryptedBackupSession(ephemeral: ephemeral.publicKey, ciphertext: ciphertext, mac: keys.mac(for: ciphertext))
    }

    private func flippingByte(_ data: Data, at index: Int) -> Data {
        var data = data
        data[data.startIndex + index] ^= 0x01
        return data
    }

    @Test func encryptsAndDecryptsThroughJSON() throws {
        let key = BackupDecryptionKey()
        for plaintext in [Data(), plaintext, Data(repeating: 0xAB, count: 16)] {
            let session = EncryptedBackupSession.encrypting(plaintext, for: key.publicKey)
            #expect(session.ciphertext.count % 16 == 0 && session.ciphertext.count > plaintext.count)
            let read = try EncryptedBackupSession(json: session.json)
            #expect(read == session)
            #expect(try key.decrypt(read) == plaintext)
        }
    }

    /// libolm's empty-string MAC is written, and a MAC over the ciphertext is read too.
    @Test func writesTheEmptyStringMACAndReadsBothForms() throws {
        let keyPair = Curve25519KeyPair()
        let key = try BackupDecryptionKey(base64: keyPair.rawRepresentation.unpaddedBase64)
        let session = EncryptedBackupSession.encrypting(plaintext, for: key.publicKey)
        let keys = CipherKeys(secret: keyPair.sharedSecret(with: session.ephemeral), purpose: .backup)
        #expect(session.mac == keys.mac(for: Data()))
        #expect(try key.decrypt(encryptedWithCiphertextMAC(plaintext, for: key.publicKey)) == plaintext)
    }

    @Test func refusesAWrongKeyOrMAC() throws {
        let key = BackupDecryptionKey()
        let session = EncryptedBackupSession.encrypting(plaintext, for: key.publicKey)
        #expect(throws: MatrixCryptoError.badMAC) { try BackupDecryptionKey().decrypt(session) }
        for mac in [flippingByte(session.mac, at: 7), session.mac.prefix(7), session.mac + [0], Data()] {
            let forged = EncryptedBackupSession(ephemeral: session.ephemeral, ciphertext: session.ciphertext, mac: mac)
            #expect(throws: MatrixCryptoError.badMAC) { try key.decrypt(forged) }
        }
    }

    /// The MAC over the ciphertext catches any change. The empty-string MAC cannot (the spec's
    /// warning): the change garbles the plaintext or its padding, and is never read as it was.
    @Test func tamperedCiphertext() throws {
        let key = BackupDecryptionKey()
        let text = Data(String(repeating: "a backed-up session ", count: 4).utf8)
        let covered = encryptedWithCiphertextMAC(text, for: key.publicKey)
        let tampered = EncryptedBackupSession(
            ephemeral: covered.ephemeral, ciphertext: flippingByte(covered.ciphertext, at: 3), mac: covered.mac)
        #expect(throws: MatrixCryptoError.badMAC) { try key.decrypt(tampered) }

        let uncovered = EncryptedBackupSession.encrypting(text, for: key.publicKey)
        let changed = EncryptedBackupSession(
            ephemeral: uncovered.ephemeral, ciphertext: flippingByte(uncovered.ciphertext, at: 3), mac: uncovered.mac)
        #expect((try? key.decrypt(changed)) != text)
        let truncated = EncryptedBackupSession(
            ephemeral: uncovered.ephemeral, ciphertext: uncovered.ciphertext.dropLast(16), mac: uncovered.mac)
        #expect((try? key.decrypt(truncated)) != text)
    }

    @Test func keyBase64RoundTripsPaddedOrNot() throws {
        let key = BackupDecryptionKey()
        #expect(!key.base64.hasSuffix("=") && key.base64.count == 43)
        #expect(try BackupDecryptionKey(base64: key.base64).publicKey == key.publicKey)
        #expect(try BackupDecryptionKey(base64: key.base64 + "=").publicKey == key.publicKey)
    }

    @Test func refusesBadKeysAndSessionData() throws {
        #expect(throws: MatrixCryptoError.invalidBase64) { try BackupDecryptionKey(base64: "not base64!") }
        #expect(throws: MatrixCryptoError.malformed("Curve25519 private key")) {
            try BackupDecryptionKey(base64: Data(count: 31).unpaddedBase64)
        }
        let json = EncryptedBackupSession.encrypting(plaintext, for: BackupDecryptionKey().publicKey).json
        guard case .object(let members) = json else { Issue.record("not an object"); return }
        var missing = members
        missing["mac"] = nil
        #expect(throws: MatrixCryptoError.malformed("backup session_data")) { try EncryptedBackupSession(json: .object(missing)) }
        var notBase64 = members
        notBase64["ciphertext"] = "%%%"
        #expect(throws: MatrixCryptoError.invalidBase64) { try EncryptedBackupSession(json: .object(notBase64)) }
        var smallOrder = members
        smallOrder["ephemeral"] = .string(Data(count: 32).unpaddedBase64)
        #expect(throws: MatrixCryptoError.malformed("Curve25519 public key")) { try EncryptedBackupSession(json: .object(smallOrder)) }
    }

    @Test func descriptionShowsOnlyThePublicKey() {
        let key = BackupDecryptionKey()
        for text in [key.description, "\(key)", String(reflecting: key)] {
            #expect(!text.contains(key.base64))
        }
        #expect(key.description == "BackupDecryptionKey(public: \(key.publicKey.base64))")
    }
}
