import Foundation

/// An uncompressed POSIX ustar archive of regular files, as `tar -tvf` reads it: a 512-byte header
/// per file, its bytes padded to whole 512-byte blocks, and two zero blocks at the end. Written by
/// hand because a problem report needs only this much, and Foundation has no archiver on Linux.
enum TarArchive {
    struct Entry: Sendable, Equatable {
        /// The path inside the archive; at most 100 bytes of UTF-8 (the ustar `name` field).
        var name: String
        var data: Data
        var mode = 0o600
        var modified: Date
    }

    static let blockSize = 512

    /// The whole archive.
    static func data(of entries: [Entry]) -> Data {
        var archive = Data()
        for entry in entries {
            archive.append(contentsOf: header(for: entry))
            archive.append(entry.data)
            archive.append(Data(count: padding(after: entry.data.count)))
        }
        archive.append(Data(count: 2 * blockSize))
        return archive
    }

    /// The 512-byte ustar header of a regular file.
    static func header(for entry: Entry) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: blockSize)
        let name = Array(entry.name.utf8)
        precondition(!name.isEmpty && name.count <= 100, "a tar entry name of 1 to 100 bytes")
        header.replaceSubrange(0..<name.count, with: name)
        put(octal(entry.mode, digits: 7), at: 100, in: &header)
        put(octal(0, digits: 7), at: 108, in: &header)  // uid
        put(octal(0, digits: 7), at: 116, in: &header)  // gid
        put(octal(entry.data.count, digits: 11), at: 124, in: &header)
        put(octal(max(0, Int(entry.modified.timeIntervalSince1970)), digits: 11), at: 136, in: &header)
        header[156] = UInt8(ascii: "0")  // a regular file
        put(Array("ustar".utf8) + [0], at: 257, in: &header)
        put(Array("00".utf8), at: 263, in: &header)
        put(checksumField(of: header), at: 148, in: &header)
        return header
    }

    /// The sum of the header's bytes with the checksum field read as eight spaces.
    static func checksum(of header: [UInt8]) -> Int {
        header.enumerated().reduce(0) { sum, byte in sum + ((148..<156).contains(byte.offset) ? 32 : Int(byte.element)) }
    }

    /// Zero bytes that bring `count` bytes up to a whole block.
    static func padding(after count: Int) -> Int {
        (blockSize - count % blockSize) % blockSize
    }

    /// Six octal digits, a NUL and a space, as GNU and BSD tar write it.
    private static func checksumField(of header: [UInt8]) -> [UInt8] {
        Array(String(checksum(of: header), radix: 8).leftPadded(to: 6).utf8) + [0, UInt8(ascii: " ")]
    }

    /// `digits` octal digits, zero-padded, then a NUL.
    private static func octal(_ value: Int, digits: Int) -> [UInt8] {
        let text = String(value, radix: 8)
        precondition(text.count <= digits, "\(value) does not fit a tar field of \(digits) octal digits")
        return Array(text.leftPadded(to: digits).utf8) + [0]
    }

    private static func put(_ bytes: [UInt8], at offset: Int, in header: inout [UInt8]) {
        header.replaceSubrange(offset..<offset + bytes.count, with: bytes)
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
