import Testing
@testable import TerminalGraphics

/// Each format through its decoder, against the pictures Pillow wrote.
@Suite struct ImageDecoderTests {
    @Test func tellsFormatsByTheirSignatureNotTheirName() throws {
        #expect(ImageFormat(sniffing: try Fixture.bytes("pattern.png")) == .png)
        #expect(ImageFormat(sniffing: try Fixture.bytes("pattern.jpg")) == .jpeg)
        #expect(ImageFormat(sniffing: try Fixture.bytes("palette.gif")) == .gif)
        #expect(ImageFormat(sniffing: try Fixture.bytes("pattern.webp")) == .webp)
        #expect(ImageFormat(sniffing: Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)) == nil)
        #expect(ImageFormat(sniffing: Array("RIFF\0\0\0\0WAVE".utf8)) == nil)
        #expect(ImageFormat(sniffing: [UInt8]()) == nil)
    }

    /// Lossless formats give Pillow's pixels exactly.
    @Test(arguments: ["pattern.png", "pattern.webp", "pattern-animated.webp"])
    func decodesLosslessPicturesExactly(name: String) throws {
        let bitmap = try Fixture.decoded(name)
        #expect(bitmap.size == PixelSize(width: 64, height: 48))
        for (x, y) in [(0, 0), (63, 0), (0, 47), (63, 47), (20, 30)] {
            #expect(bitmap.pixel(x: x, y: y) == Fixture.patternPixel(x: x, y: y), "\(name) at \(x), \(y)")
        }
    }

    @Test func decodesAJPEGCloseToThePattern() throws {
        let bitmap = try Fixture.decoded("pattern.jpg")
        #expect(bitmap.size == PixelSize(width: 64, height: 48))
        #expect(bitmap.peakSignalToNoise(against: try Fixture.decoded("pattern.png")) > 35)
    }

    /// A JPEG is decoded at the smallest of libturbojpeg's scales that still fills the box.
    @Test func scalesAJPEGWhileDecoding() throws {
        #expect(try Fixture.decoded("pattern.jpg", filling: PixelSize(width: 20, height: 20)).size == PixelSize(width: 24, height: 18))
        #expect(try Fixture.decoded("pattern.jpg", filling: PixelSize(width: 16, height: 16)).size == PixelSize(width: 16, height: 12))
        #expect(try Fixture.decoded("pattern.jpg", filling: PixelSize(width: 8, height: 6)).size == PixelSize(width: 8, height: 6))
        #expect(try Fixture.decoded("pattern.jpg", filling: PixelSize(width: 500, height: 500)).size == PixelSize(width: 64, height: 48))
    }

    @Test func scalesAStillWebPToTheBox() throws {
        #expect(try Fixture.decoded("pattern.webp", filling: PixelSize(width: 32, height: 32)).size == PixelSize(width: 32, height: 24))
    }

    /// The first frame of an animation, in order whether interlaced or not.
    @Test(arguments: ["palette.gif", "palette-interlaced.gif"])
    func decodesAGIFsFirstFrame(name: String) throws {
        let bitmap = try Fixture.decoded(name)
        #expect(bitmap.size == PixelSize(width: 64, height: 48))
        let colours: [[UInt8]] = [[0, 0, 0, 255], [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255],
                                  [255, 255, 0, 255], [0, 255, 255, 255], [255, 0, 255, 255], [255, 255, 255, 255]]
        for y in [0, 1, 7, 8, 23, 47] {
            for band in 0..<8 {
                #expect(bitmap.pixel(x: band * 8 + 3, y: y) == colours[band], "\(name) row \(y) band \(band)")
            }
        }
    }

    @Test(arguments: ["transparent.png", "transparent.gif"])
    func keepsTransparency(name: String) throws {
        let bitmap = try Fixture.decoded(name)
        #expect(bitmap.pixel(x: 5, y: 5)[3] == 0)
        #expect(bitmap.pixel(x: 50, y: 5) == [255, 0, 0, 255])
    }
}
