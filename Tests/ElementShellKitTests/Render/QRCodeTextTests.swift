import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The half-block rendering of QR codes.
@Suite struct QRCodeTextTests {
    /// "element-shell" at M: version 1, with libqrencode's mask (`QRCodeSegnoTests` checks that
    /// segno draws the same modules with it). The glyphs are the light modules, the four rows and
    /// columns of quiet zone included; the last line's lower half is below the code.
    @Test func drawsASmallCodeInHalfBlocks() throws {
        let code = try QRCode(bytes: Array("element-shell".utf8))
        #expect(code.version == 1)
        let expected = """
            █████████████████████████████
            █████████████████████████████
            ████ ▄▄▄▄▄ █  ▀▀▀█ ▄▄▄▄▄ ████
            ████ █   █ █▄█▄▀▄█ █   █ ████
            ████ █▄▄▄█ █▄▀▀▄▄█ █▄▄▄█ ████
            ████▄▄▄▄▄▄▄█▄█▄█▄█▄▄▄▄▄▄▄████
            ████▄██▄ ▄▄▄   ▄▀ ██▄▀▄▄▄████
            ████▀█ ▀██▄█ ██   ▄▄▀▄  ▄████
            ████▄▄▄█▄▄▄▄ ▄▄██▀▀▀  ▀▀▄████
            ████ ▄▄▄▄▄ █ █▀▄ ▀ █▄  ▀▀████
            ████ █   █ █ █ ▀██▀█▄▄█▄█████
            ████ █▄▄▄█ ██▄▄▀ ▄ ▀▄▀   ████
            ████▄▄▄▄▄▄▄█▄█▄▄▄▄▄█▄████████
            █████████████████████████████
            ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
            """
        #expect(QRCodeText.lines(for: code).joined(separator: "\n") == expected)
    }

    /// Every line as wide as the code with its quiet zone, half as many lines as rows (rounded
    /// up), and nothing but the four characters.
    @Test(arguments: [1, 7, 40])
    func linesSpanTheCodeAndItsQuietZone(version: Int) throws {
        let code = try QRCode(bytes: [0x42], version: version)
        let lines = QRCodeText.lines(for: code)
        #expect(lines.count == (code.size + 9) / 2)
        #expect(lines.allSatisfy { $0.count == code.size + 8 && $0.allSatisfy { "▀▄█ ".contains($0) } })
    }

    /// White glyphs on black with colour, whatever the theme; the plain line without.
    @Test func themePaintsTheLinesWhiteOnBlack() {
        #expect(Theme(usesColor: true, accent: .named(.green)).qrCode("█▀ ") == "\u{1B}[97;40m█▀ \u{1B}[0m")
        #expect(Theme(usesColor: false, accent: .named(.green)).qrCode("█▀ ") == "█▀ ")
    }
}
