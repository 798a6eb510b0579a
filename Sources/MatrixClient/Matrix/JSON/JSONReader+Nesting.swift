extension JSONReader {
    /// Reads past the value here however deeply it nests, keeping open brackets on a heap stack
    /// instead of recursing: for a value the reader refused as too deep, so that one hostile
    /// event does not make the whole response, and so every later one, unreadable. Strings,
    /// numbers and literals are checked as strictly as elsewhere, and brackets must pair up.
    mutating func skipNestedValue() throws(JSONError) {
        var open: [UInt8] = []
        repeat {
            skipWhitespace()
            let byte = try peek()
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open.append(byte)
                offset += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                // In ASCII each closing bracket is two after its opening one.
                guard let opening = open.popLast(), opening + 2 == byte else { throw syntaxError("unpaired '\(UnicodeScalar(byte))'") }
                offset += 1
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                guard !open.isEmpty else { throw syntaxError("unexpected '\(UnicodeScalar(byte))'") }
                offset += 1
            case UInt8(ascii: "\""): _ = try scanString()
            case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
            case UInt8(ascii: "n"): _ = try readNull()
            default: _ = try scanNumber()
            }
        } while !open.isEmpty
    }
}
