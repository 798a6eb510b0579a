import Foundation

extension Data {
    /// JSON text with what Foundation's decoder refuses but a browser reads mended, the way
    /// `JSONReader` reads it: bytes that are not UTF-8, and a `\u` escape of half a surrogate
    /// pair with no other half, become U+FFFD. One odd display name must not make a whole answer
    /// (a room's member list) unreadable. Text with nothing to mend comes back as it was.
    func mendingUnicode() -> Data {
        var mended = String(validating: self, as: UTF8.self) == nil ? Data(String(decoding: self, as: UTF8.self).utf8) : self
        let backslash = UInt8(ascii: "\\"), u = UInt8(ascii: "u")
        var index = mended.startIndex
        while index < mended.endIndex {
            guard mended[index] == backslash, index + 1 < mended.endIndex else {
                index += 1
                continue
            }
            guard mended[index + 1] == u, let unit = mended.hexUnit(at: index + 2) else {
                // Any other escape: its second byte is no backslash to start a new one.
                index += 2
                continue
            }
            let isHigh = (0xD800..<0xDC00).contains(unit), isLow = (0xDC00..<0xE000).contains(unit)
            if isHigh, index + 12 <= mended.endIndex, mended[index + 6] == backslash, mended[index + 7] == u,
               let next = mended.hexUnit(at: index + 8), (0xDC00..<0xE000).contains(next) {
                index += 12
                continue
            }
            if isHigh || isLow { mended.replaceSubrange(index..<index + 6, with: Array("\\ufffd".utf8)) }
            index += 6
        }
        return mended
    }

    /// The four hex digits at `index` as a UTF-16 unit, or `nil` when they are not there.
    private func hexUnit(at index: Index) -> UInt16? {
        guard index + 4 <= endIndex else { return nil }
        return UInt16(String(decoding: self[index..<index + 4], as: UTF8.self), radix: 16)
    }
}
