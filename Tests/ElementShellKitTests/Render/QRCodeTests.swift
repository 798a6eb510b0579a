import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The QR code encoder against what the standard publishes; `QRCodeSegnoTests` compares whole
/// symbols with another encoder.
@Suite struct QRCodeTests {
    /// ISO/IEC 18004 annex I, the worked example "01234567" at 1-M: its 16 data codewords and the
    /// 10 error correction codewords the annex gives for them.
    @Test func reedSolomonGivesTheStandardsWorkedExample() {
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let correction = QRCode.ReedSolomon(errorCorrectionCodewords: 10).errorCorrection(for: data)
        #expect(correction == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    /// The byte-mode capacities of ISO/IEC 18004 table 7 for the smallest and largest versions.
    @Test func byteCapacitiesAreTheStandards() {
        let levels: [QRCode.ErrorCorrection] = [.low, .medium, .quartile, .high]
        #expect(levels.map { QRCode.byteCapacity(version: 1, errorCorrection: $0) } == [17, 14, 11, 7])
        #expect(levels.map { QRCode.byteCapacity(version: 40, errorCorrection: $0) } == [2953, 2331, 1663, 1273])
    }

    @Test func takesTheSmallestVersionThatHoldsTheBytes() throws {
        #expect(try QRCode(bytes: Array(repeating: 0x41, count: 14)).version == 1)
        #expect(try QRCode(bytes: Array(repeating: 0x41, count: 15)).version == 2)
        #expect(try QRCode(bytes: Array(repeating: 0x41, count: 15), errorCorrection: .low).version == 1)
        let code = try QRCode(bytes: Array("https://matrix.org".utf8), errorCorrection: .low)
        #expect(code.version == 2 && code.size == 25 && code.modules.allSatisfy { $0.count == 25 })
    }

    @Test func refusesWhatDoesNotFit() {
        #expect(throws: QRCodeError.tooLong(byteCount: 2332, capacity: 2331)) {
            try QRCode(bytes: Array(repeating: 0, count: 2332))
        }
        #expect(throws: QRCodeError.tooLong(byteCount: 15, capacity: 14)) {
            try QRCode(bytes: Array(repeating: 0, count: 15), version: 1)
        }
        #expect(throws: QRCodeError.versionOutOfRange(41)) { try QRCode(bytes: [], version: 41) }
        #expect(throws: QRCodeError.versionOutOfRange(0)) { try QRCode(bytes: [], version: 0) }
    }

    /// Format information from the table of ISO/IEC 18004 annex C (M with mask 0, H with mask 7,
    /// L with mask 4), read back from both copies, bit 14 first; and the dark module.
    @Test(arguments: [
        (QRCode.ErrorCorrection.medium, QRCode.Mask.pattern0, "101010000010010"),
        (.high, .pattern7, "000100000111011"), (.low, .pattern4, "110011000101111"),
    ])
    func drawsTheStandardsFormatInformation(level: QRCode.ErrorCorrection, mask: QRCode.Mask, bits: String) throws {
        let code = try QRCode(bytes: Array("format".utf8), errorCorrection: level, mask: mask)
        let size = code.size
        let firstCopy = [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8)]
            + (0...5).reversed().map { ($0, 8) }
        let secondCopy = (size - 7..<size).reversed().map { ($0, 8) } + (size - 8..<size).map { (8, $0) }
        func read(_ positions: [(row: Int, column: Int)]) -> String {
            String(positions.map { code.modules[$0.row][$0.column] ? "1" : "0" })
        }
        #expect(read(firstCopy) == bits)
        #expect(read(secondCopy) == bits)
        #expect(code.modules[size - 8][8], "the dark module")
    }

    /// The version information of ISO/IEC 18004 annex D for version 7, 000111110010010100, read
    /// from the block left of the top right finder (bit 17 first) and from its transpose.
    @Test func drawsTheStandardsVersionInformation() throws {
        let code = try QRCode(bytes: Array(repeating: 0x61, count: QRCode.byteCapacity(version: 7, errorCorrection: .medium)))
        #expect(code.version == 7)
        let bits = (0..<18).reversed().map { index in (row: index / 3, column: code.size - 11 + index % 3) }
        #expect(String(bits.map { code.modules[$0.row][$0.column] ? "1" : "0" }) == "000111110010010100")
        #expect(bits.allSatisfy { code.modules[$0.row][$0.column] == code.modules[$0.column][$0.row] })
    }

    @Test func keepsTheMaskItIsGiven() throws {
        for mask in QRCode.Mask.allCases {
            #expect(try QRCode(bytes: [1, 2, 3], mask: mask).mask == mask)
        }
    }
}
