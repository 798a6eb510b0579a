import Foundation
import Testing
@testable import TerminalGraphics

/// What a stranger may send as a picture: each is one refusal, at once, with nothing large
/// allocated. `Scripts/fuzz` runs the decoders on everything else.
@Suite struct HostileImageTests {
    /// The headers claim 30,000 × 30,000 (900 megapixels, 3.6 GB decoded): refused from the
    /// header alone.
    @Test(arguments: ["pattern.png", "pattern.jpg", "palette.gif"])
    func refusesADecompressionBomb(name: String) throws {
        let bomb = try Self.claiming(PixelSize(width: 30_000, height: 30_000), in: Fixture.bytes(name))
        #expect(throws: ImageDecodingError.tooLarge(PixelSize(width: 30_000, height: 30_000))) {
            try ImageDecoder().decode(bomb)
        }
    }

    /// Limits hold for sizes just over them too, and pass sizes just under.
    @Test func holdsTheLimitsItIsGiven() throws {
        let decoder = ImageDecoder(limits: ImageLimits(sourcePixels: 64 * 48, decodedPixels: 64 * 48 - 1))
        #expect(throws: ImageDecodingError.tooLarge(PixelSize(width: 64, height: 48))) { try decoder.decode(Fixture.bytes("pattern.png")) }
        #expect(throws: Never.self) { try decoder.decode(Fixture.bytes("pattern.jpg"), filling: PixelSize(width: 32, height: 24)) }
    }

    /// Cut anywhere before the last of its (first) picture's pixels, every format says it cannot
    /// decode; none of them crashes or draws half a picture. (What comes after those pixels, as
    /// PNG's end chunk or a GIF's later frames, is not needed to show it.)
    @Test(arguments: [("pattern.png", ImageFormat.png), ("pattern.jpg", .jpeg), ("palette-interlaced.gif", .gif),
                      ("pattern.webp", .webp), ("pattern-animated.webp", .webp)])
    func refusesATruncatedFile(name: String, format: ImageFormat) throws {
        let whole = try Fixture.bytes(name)
        for length in Set([12, whole.count / 4, whole.count / 2, whole.count * 3 / 4]) {
            #expect(throws: ImageDecodingError.undecodable(format), "\(name) cut at \(length)") {
                try ImageDecoder().decode(Array(whole.prefix(length)))
            }
        }
    }

    /// An SVG, a web page sent as `image/png`, nothing at all: not pictures the decoders read.
    @Test(arguments: ["<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9e9\"/>",
                      "<!DOCTYPE html><title>not an image</title>", ""])
    func refusesWhatIsNoPicture(text: String) {
        #expect(throws: ImageDecodingError.unsupportedFormat) { try ImageDecoder().decode(Array(text.utf8)) }
    }

    /// A damaged middle (bytes flipped after the header) is refused or decoded; nothing crashes.
    @Test(arguments: ["pattern.png", "pattern.jpg", "palette.gif", "pattern.webp"])
    func survivesDamage(name: String) throws {
        var bytes = try Fixture.bytes(name)
        for index in stride(from: bytes.count / 3, to: bytes.count, by: 7) { bytes[index] ^= 0x5A }
        if let bitmap = try? ImageDecoder().decode(bytes) {
            #expect(bitmap.rgba.count == bitmap.width * bitmap.height * 4)
        }
    }

    /// The file with its header's width and height replaced: the PNG's IHDR (its checksum made
    /// anew, or libspng would refuse it as damaged), the JPEG's SOF0, the GIF's logical screen.
    static func claiming(_ size: PixelSize, in bytes: [UInt8]) throws -> [UInt8] {
        var bytes = bytes
        func bigEndian(_ value: Int, bytes count: Int) -> [UInt8] {
            (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        switch ImageFormat(sniffing: bytes) {
        case .png:
            bytes.replaceSubrange(16..<24, with: bigEndian(size.width, bytes: 4) + bigEndian(size.height, bytes: 4))
            bytes.replaceSubrange(29..<33, with: bigEndian(Int(crc32(bytes[12..<29])), bytes: 4))
        case .jpeg:
            let marker = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
            bytes.replaceSubrange(marker + 5..<marker + 9, with: bigEndian(size.height, bytes: 2) + bigEndian(size.width, bytes: 2))
        case .gif:
            bytes.replaceSubrange(6..<10, with: [UInt8(size.width & 0xFF), UInt8(size.width >> 8), UInt8(size.height & 0xFF), UInt8(size.height >> 8)])
        default:
            Issue.record("no header to change")
        }
        return bytes
    }

    /// PNG's chunk checksum (ISO 3309 CRC-32).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
