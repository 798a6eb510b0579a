import Foundation
import MatrixCrypto
import Testing

@Suite struct RoomKeyExportTests {
    /// Low so the tests stay fast; the format carries the count, so nothing else changes.
    private let rounds = 1000
    private let plaintext = Data(#"[{"algorithm":"m.megolm.v1.aes-sha2","room_id":"!a:b"}]"#.utf8)

    private func file(_ plaintext: Data? = nil, passphrase: String = "correct horse") throws -> String {
        try RoomKeyExport.encrypt(plaintext ?? self.plaintext, passphrase: passphrase, rounds: rounds)
    }

    /// The file's payload bytes after `change`, armoured again.
    private func altered(_ file: String, _ change: (inout Data) -> Void) throws -> String {
        let lines = file.split(separator: "\n")
        var payload = try #require(Data(base64Encoded: lines.dropFirst().dropLast().joined()))
        change(&payload)
        return [String(lines[0]), payload.base64EncodedString(), String(lines[lines.count - 1])].joined(separator: "\n")
    }

    @Test func roundTripsAndWritesTheSpecLayout() throws {
        let text = try file()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "-----BEGIN MEGOLM SESSION DATA-----")
        #expect(lines.suffix(2) == ["-----END MEGOLM SESSION DATA-----", ""])
        #expect(lines.dropFirst().dropLast(2).allSatisfy { $0.count <= 96 })
        let payload = try #require(Data(base64Encoded: lines.dropFirst().dropLast(2).joined()))
        #expect(payload.first == 1)
        #expect(payload[17 + 8] & 0x80 == 0, "bit 63 of the IV")
        #expect(payload[33..<37].elementsEqual([0, 0, 0x03, 0xE8]), "rounds, big-endian")
        #expect(payload.count == 1 + 16 + 16 + 4 + plaintext.count + 32)
        #expect(try RoomKeyExport.decrypt(text, passphrase: "correct horse") == plaintext)
    }

    @Test func freshSaltAndIVEachTime() throws {
        #expect(try file() != file())
    }

    @Test func emptyAndLongPlaintextsRoundTrip() throws {
        for plaintext in [Data(), Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7) })] {
            #expect(try RoomKeyExport.decrypt(file(plaintext), passphrase: "correct horse") == plaintext)
        }
    }

    @Test func toleratesCRLFIndentationAndMissingPadding() throws {
        let text = try file()
        let crlf = "\r\n  " + text.replacingOccurrences(of: "\n", with: "\r\n\t") + "\r\n\r\n"
        #expect(try RoomKeyExport.decrypt(crlf, passphrase: "correct horse") == plaintext)
        let unpadded = text.replacingOccurrences(of: "=", with: "")
        #expect(try RoomKeyExport.decrypt(unpadded, passphrase: "correct horse") == plaintext)
        let oneLine = try altered(text) { _ in }
        #expect(try RoomKeyExport.decrypt(oneLine, passphrase: "correct horse") == plaintext)
    }

    @Test func wrongPassphraseFailsAuthentication() throws {
        #expect(throws: RoomKeyExportError.authenticationFailed) {
            try RoomKeyExport.decrypt(file(), passphrase: "correct horsf")
        }
    }

    @Test func flippedBytesAreRefused() throws {
        let text = try file()
        for offset in [1, 17, 36, 40, 37 + plaintext.count + 31] {
            let tampered = try altered(text) { $0[offset] ^= 0x01 }
            #expect(throws: RoomKeyExportError.authenticationFailed, "offset \(offset)") {
                try RoomKeyExport.decrypt(tampered, passphrase: "correct horse")
            }
        }
        let version = try altered(text) { $0[0] = 2 }
        #expect(throws: RoomKeyExportError.unsupportedVersion(2)) { try RoomKeyExport.decrypt(version, passphrase: "x") }
        let notBase64 = text.replacingOccurrences(of: "\n", with: "\n*", options: [], range: text.range(of: "\n"))
        #expect(throws: RoomKeyExportError.invalidBase64) { try RoomKeyExport.decrypt(notBase64, passphrase: "x") }
    }

    @Test func truncatedFilesAreRefused() throws {
        let text = try file()
        #expect(throws: RoomKeyExportError.missingFooter) {
            try RoomKeyExport.decrypt(String(text.prefix(text.count / 2)), passphrase: "correct horse")
        }
        let short = try altered(text) { $0 = $0.prefix(1 + 16 + 16 + 4 + 31) }
        #expect(throws: RoomKeyExportError.truncated) { try RoomKeyExport.decrypt(short, passphrase: "correct horse") }
        let empty = "-----BEGIN MEGOLM SESSION DATA-----\n-----END MEGOLM SESSION DATA-----"
        #expect(throws: RoomKeyExportError.truncated) { try RoomKeyExport.decrypt(empty, passphrase: "correct horse") }
        let lostTail = try altered(text) { $0.removeLast() }
        #expect(throws: RoomKeyExportError.authenticationFailed) { try RoomKeyExport.decrypt(lostTail, passphrase: "correct horse") }
    }

    @Test func otherTextIsNotAnExport() throws {
        let text = try file()
        #expect(throws: RoomKeyExportError.missingHeader) { try RoomKeyExport.decrypt("", passphrase: "x") }
        let pgp = text.replacingOccurrences(of: "BEGIN MEGOLM SESSION DATA", with: "BEGIN PGP MESSAGE")
        #expect(throws: RoomKeyExportError.missingHeader) { try RoomKeyExport.decrypt(pgp, passphrase: "x") }
    }

    @Test func refusesEmptyPassphraseAndImpossibleRounds() throws {
        #expect(throws: RoomKeyExportError.emptyPassphrase) { try RoomKeyExport.encrypt(plaintext, passphrase: "", rounds: rounds) }
        #expect(throws: RoomKeyExportError.emptyPassphrase) { try RoomKeyExport.decrypt(file(), passphrase: "") }
        for bad in [0, -1, Int(UInt32.max) + 1] {
            #expect(throws: RoomKeyExportError.invalidRounds(bad)) { try RoomKeyExport.encrypt(plaintext, passphrase: "x", rounds: bad) }
        }
        let zeroRounds = try altered(file()) { $0.replaceSubrange(33..<37, with: [0, 0, 0, 0]) }
        #expect(throws: RoomKeyExportError.invalidRounds(0)) { try RoomKeyExport.decrypt(zeroRounds, passphrase: "x") }
        // A hostile file could ask for hours of work; refused at once.
        let endless = try altered(file()) { $0.replaceSubrange(33..<37, with: [0xFF, 0xFF, 0xFF, 0xFF]) }
        #expect(throws: RoomKeyExportError.invalidRounds(Int(UInt32.max))) { try RoomKeyExport.decrypt(endless, passphrase: "x") }
    }

    /// Element's default count, once, to see it stays bearable (0.3 s a derivation here, debug build).
    @Test func defaultRoundsRoundTrip() throws {
        let text = try RoomKeyExport.encrypt(plaintext, passphrase: "pässphrase 🔑")
        #expect(try RoomKeyExport.decrypt(text, passphrase: "pässphrase 🔑") == plaintext)
    }
}
