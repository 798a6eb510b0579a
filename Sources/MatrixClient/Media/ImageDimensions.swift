/// Width and height read from the first bytes of a PNG, GIF or JPEG file, without decoding it:
/// what `m.image`'s `info.w` and `info.h` tell other clients before they download.
public enum ImageDimensions {
    public static func of(_ bytes: some Collection<UInt8>) -> (width: Int, height: Int)? {
        let header = Array(bytes.prefix(64 * 1024))
        if header.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(header) }
        if header.starts(with: Array("GIF87a".utf8)) || header.starts(with: Array("GIF89a".utf8)) { return gif(header) }
        if header.starts(with: [0xFF, 0xD8]) { return jpeg(header) }
        return nil
    }

    /// The IHDR chunk comes first: width and height as big-endian 32-bit numbers at 16 and 20.
    private static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return positive(bigEndian(bytes, at: 16, count: 4), bigEndian(bytes, at: 20, count: 4))
    }

    /// The logical screen size, little-endian 16-bit numbers at 6 and 8.
    private static func gif(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 10 else { return nil }
        return positive(Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
    }

    /// Walks the segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC), whose
    /// height and width follow its length and precision.
    private static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            // Markers without a length: TEM and the restart markers.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            let length = bigEndian(bytes, at: index + 2, count: 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard index + 9 <= bytes.count else { return nil }
                return positive(bigEndian(bytes, at: index + 7, count: 2), bigEndian(bytes, at: index + 5, count: 2))
            }
            index += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], at start: Int, count: Int) -> Int {
        bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func positive(_ width: Int, _ height: Int) -> (width: Int, height: Int)? {
        width > 0 && height > 0 ? (width, height) : nil
    }
}
