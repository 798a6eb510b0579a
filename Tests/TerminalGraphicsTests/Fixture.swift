import Foundation
@testable import TerminalGraphics

/// The files beside the tests: pictures Pillow wrote (`Fixtures/make_fixtures.py`), terminal
/// answers recorded from real terminals (`Fixtures/Answers`), and the reviewed drawings (`Golden`).
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appending(path: "Fixtures/\(name)")))
    }

    static func decoded(_ name: String, filling box: PixelSize? = nil) throws -> Bitmap {
        try ImageDecoder().decode(bytes(name), filling: box)
    }

    /// Pillow's pattern: red 4x, green 5y, blue 128.
    static func patternPixel(x: Int, y: Int) -> [UInt8] {
        [UInt8(4 * x), UInt8(5 * y), 128, 255]
    }
}

extension Bitmap {
    func pixel(x: Int, y: Int) -> [UInt8] {
        let offset = (y * width + x) * 4
        return Array(rgba[offset..<offset + 4])
    }

    /// Shrunk to `size` by averaging the pixels each new one covers, over a black ground: the
    /// reference a drawing decoded back is held against.
    func averaged(to size: PixelSize) -> Bitmap {
        var output = [UInt8](repeating: 0, count: size.pixelCount * 4)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let rows = y * height / size.height..<max(y * height / size.height + 1, (y + 1) * height / size.height)
                let columns = x * width / size.width..<max(x * width / size.width + 1, (x + 1) * width / size.width)
                var sums = [0, 0, 0]
                for row in rows {
                    for column in columns {
                        let offset = (row * width + column) * 4
                        for channel in 0..<3 { sums[channel] += Int(rgba[offset + channel]) * Int(rgba[offset + 3]) / 255 }
                    }
                }
                let count = rows.count * columns.count
                for channel in 0..<3 { output[(y * size.width + x) * 4 + channel] = UInt8(sums[channel] / count) }
                output[(y * size.width + x) * 4 + 3] = 255
            }
        }
        return Bitmap(width: size.width, height: size.height, rgba: output)
    }

    /// The peak signal-to-noise ratio of the colours against `other` of the same size, in dB:
    /// about 30 and up is close, identical is infinite.
    func peakSignalToNoise(against other: Bitmap) -> Double {
        precondition(size == other.size)
        var squares = 0.0
        for pixel in 0..<width * height {
            for channel in 0..<3 {
                let difference = Double(rgba[pixel * 4 + channel]) - Double(other.rgba[pixel * 4 + channel])
                squares += difference * difference
            }
        }
        let mean = squares / Double(width * height * 3)
        return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
    }
}
