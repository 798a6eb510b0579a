import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The QR codes libqrencode makes for the shell, against what the standard publishes;
/// `QRCodeSegnoTests` compares whole symbols with another encoder.
@Suite struct QRCodeTests {
    @Test func takesTheSmallestVersionThatHoldsTheBytes() throws {
        #expect(try QRCode(bytes: Array(repeating: 0x41, count: 14)).version == 1)
        #expect(try QRCode(bytes: Array(repeating: 0x41, count: 15)).version == 2)
        #expect(try QRCode(bytes: Array(repeating: 0x41, count: 15), errorCorrection: .low).version == 1)
        let code = try QRCode(bytes: Array("https://matrix.org".utf8), errorCorrection: .low)
        #expect(code.version == 2 && code.size == 25 && code.modules.allSatisfy { $0.count == 25 })
    }

    /// The byte-mode capacities of ISO/IEC 18004 table 7 for the smallest and largest versions:
    /// as many bytes fit, one more does not.
    @Test(arguments: [(1, [17, 14, 11, 7]), (40, [2953, 2331, 1663, 1273])])
    func holdsTheStandardsCapacities(version: Int, capacities: [Int]) throws {
        for (level, capacity) in zip(QRCode.ErrorCorrection.allCases, capacities) {
            #expect(try QRCode(bytes: Array(repeating: 7, count: capacity), errorCorrection: level, version: version).version == version)
            #expect(throws: QRCodeError.tooLong(byteCount: capacity + 1)) {
                try QRCode(bytes: Array(repeating: 7, count: capacity + 1), errorCorrection: level, version: version)
            }
        }
    }

    @Test func refusesWhatDoesNotFit() {
        #expect(throws: QRCodeError.tooLong(byteCount: 2332)) { try QRCode(bytes: Array(repeating: 0, count: 2332)) }
        #expect(throws: QRCodeError.versionOutOfRange(41)) { try QRCode(bytes: [1], version: 41) }
        #expect(throws: QRCodeError.versionOutOfRange(0)) { try QRCode(bytes: [1], version: 0) }
        #expect(throws: QRCodeError.empty) { try QRCode(bytes: []) }
    }

    /// Both copies of the format information carry the level asked for (ISO/IEC 18004 table 12)
    /// and agree; the dark module is there.
    @Test(arguments: QRCode.ErrorCorrection.allCases)
    func drawsTheFormatInformationOfTheLevel(level: QRCode.ErrorCorrection) throws {
        let code = try QRCode(bytes: Array("format".utf8), errorCorrection: level)
        let format = try #require(code.formatInformation)
        #expect(format.level == level)
        #expect(code.modules[code.size - 8][8], "the dark module")
    }

    /// The version information of ISO/IEC 18004 annex D for version 7, 000111110010010100, read
    /// from the block left of the top right finder (bit 17 first) and from its transpose.
    @Test func drawsTheStandardsVersionInformation() throws {
        let code = try QRCode(bytes: Array(repeating: 0x61, count: 122))
        #expect(code.version == 7)
        let bits = (0..<18).reversed().map { index in (row: index / 3, column: code.size - 11 + index % 3) }
        #expect(String(bits.map { code.modules[$0.row][$0.column] ? "1" : "0" }) == "000111110010010100")
        #expect(bits.allSatisfy { code.modules[$0.row][$0.column] == code.modules[$0.column][$0.row] })
    }
}

extension QRCode {
    /// The level and mask the format information says (ISO/IEC 18004 7.9), when both copies agree:
    /// bit 14 first, unmasked with 101010000010010.
    var formatInformation: (level: ErrorCorrection, mask: Int)? {
        let firstCopy = [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8)]
            + (0...5).reversed().map { ($0, 8) }
        let secondCopy = (size - 7..<size).reversed().map { ($0, 8) } + (size - 8..<size).map { (8, $0) }
        func read(_ positions: [(row: Int, column: Int)]) -> Int {
            positions.reduce(0) { $0 << 1 | (modules[$1.row][$1.column] ? 1 : 0) } ^ 0b101010000010010
        }
        let bits = read(firstCopy)
        guard bits == read(secondCopy) else { return nil }
        let level: ErrorCorrection = switch bits >> 13 {
        case 0b01: .low
        case 0b00: .medium
        case 0b11: .quartile
        default: .high
        }
        return (level, bits >> 10 & 0b111)
    }
}
