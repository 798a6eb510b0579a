extension JSONReader {
    mutating func readString() throws(JSONError) -> String {
        guard try peek() == UInt8(ascii: "\"") else { throw try mismatch("a string") }
        let scanned = try scanString()
        return try Self.decodeString(scanned.raw, hasEscapes: scanned.hasEscapes, at: scanned.offset)
    }

    /// A string, or `nil` for `null` (which Matrix uses as "not set").
    mutating func readStringOrNull() throws(JSONError) -> String? {
        try readNull() ? nil : readString()
    }

    /// Finds the end of the string that starts here and checks it: no raw control characters,
    /// valid escapes. Decoding is left to `decodeString`, so skipped strings and matched keys cost
    /// no allocation.
    mutating func scanString() throws(JSONError) -> JSONKey {
        offset += 1
        let start = offset
        var hasEscapes = false
        while true {
            guard offset < bytes.count else { throw syntaxError("unterminated string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try skipEscape()
                continue
            }
            if byte < 0x20 { throw syntaxError("control character in a string") }
            offset += 1
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        offset += 1
        return JSONKey(raw: raw, hasEscapes: hasEscapes, offset: start - 1)
    }

    /// The text of a scanned string (the bytes between its quotes), escapes resolved. Bytes that
    /// are not UTF-8, and a `\u` escape of half a surrogate pair with no other half, become
    /// U+FFFD, as a browser's decoder makes them: one odd message must not make a whole response
    /// unreadable, and the same response would come again on every try.
    static func decodeString(_ raw: UnsafeBufferPointer<UInt8>, hasEscapes: Bool, at offset: Int) throws(JSONError) -> String {
        guard hasEscapes else { return String(decoding: raw, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                index += 1
                continue
            }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexValue(raw, at: index)
                index += 4
                if (0xD800..<0xDC00).contains(scalar), index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"),
                   raw[index + 1] == UInt8(ascii: "u"), case let low = hexValue(raw, at: index + 2), (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                decoded.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}")!)
            default: decoded.append(escape)  // `"`, `\` and `/` stand for themselves.
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Checks the escape at the reader (`\` and what follows) and steps past it.
    private mutating func skipEscape() throws(JSONError) {
        guard offset + 1 < bytes.count else { throw syntaxError("unterminated string") }
        switch bytes[offset + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            offset += 2
        case UInt8(ascii: "u"):
            guard offset + 6 <= bytes.count, bytes[offset + 2..<offset + 6].allSatisfy(\.isHexDigit) else {
                throw syntaxError("\\u must be followed by four hex digits")
            }
            offset += 6
        default:
            throw syntaxError("invalid escape in a string")
        }
    }

    /// The four hex digits at `index`, already checked by `skipEscape`.
    private static func hexValue(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        raw[index..<index + 4].reduce(0) { value, digit in
            let nibble: UInt8 = switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            default: digit - UInt8(ascii: "A") + 10
            }
            return value << 4 | UInt32(nibble)
        }
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
