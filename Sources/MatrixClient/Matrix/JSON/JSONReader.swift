import Foundation

/// Reads UTF-8 JSON (RFC 8259) straight from its bytes, value by value, for responses too large
/// for Foundation's decoders (a 1,000-room `/sync` is 20 MB, and `JSONDecoder` takes seconds).
/// Callers pull what they need (`readObject`, `readString`, …) and `skipValue` the rest, so no
/// tree is built for data nobody reads. It is strict about the grammar and bounds nesting by
/// `maximumDepth` so hostile input cannot exhaust the stack, but reads bytes that are not UTF-8
/// as U+FFFD, as browsers do, rather than refusing everything around them; type mismatches are
/// errors that callers may treat as "this value does not fit".
struct JSONReader {
    /// Deeper documents are rejected rather than followed: reading recurses once per level.
    static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    /// Where reading goes on; the reader's extensions (strings, numbers) move it too.
    var offset = 0
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads `data` as one JSON document with `read`, which must take exactly one value;
    /// anything but white space around it is an error.
    static func read<Value>(_ data: Data, _ read: (inout JSONReader) throws(JSONError) -> Value) throws(JSONError) -> Value {
        let result = HeapPrefault.whileDecoding(byteCount: data.count) {
            data.withUnsafeBytes { raw in
                Result { () throws(JSONError) -> Value in
                    var reader = JSONReader(raw.bindMemory(to: UInt8.self))
                    reader.skipWhitespace()
                    let value = try read(&reader)
                    reader.skipWhitespace()
                    guard reader.offset == reader.bytes.count else { throw reader.syntaxError("unexpected text after the value") }
                    return value
                }
            }
        }
        return try result.get()
    }

    // MARK: Structure

    /// Reads an object, calling `member` for each member with the reader placed at its value;
    /// `member` must read or skip exactly that value. Errors coming out of `member` get the key
    /// added to their path.
    mutating func readObject(_ member: (inout JSONReader, JSONKey) throws(JSONError) -> Void) throws(JSONError) {
        try enter("{", expected: "an object")
        skipWhitespace()
        if try consume(ascii: "}") { return leave() }
        while true {
            guard try peek() == UInt8(ascii: "\"") else { throw syntaxError("expected a member name in quotes") }
            let key = try scanString()
            skipWhitespace()
            guard try consume(ascii: ":") else { throw syntaxError("expected ':' after a member name") }
            skipWhitespace()
            do {
                try member(&self, key)
            } catch {
                var error = error
                error.path.insert((try? key.string()) ?? "?", at: 0)
                throw error
            }
            skipWhitespace()
            if try consume(ascii: "}") { return leave() }
            guard try consume(ascii: ",") else { throw syntaxError("expected ',' or '}' in an object") }
            skipWhitespace()
        }
    }

    /// Reads an array, calling `element` with the reader placed at each element, which it must
    /// read or skip.
    mutating func readArray(_ element: (inout JSONReader) throws(JSONError) -> Void) throws(JSONError) {
        try enter("[", expected: "an array")
        skipWhitespace()
        if try consume(ascii: "]") { return leave() }
        while true {
            try element(&self)
            skipWhitespace()
            if try consume(ascii: "]") { return leave() }
            guard try consume(ascii: ",") else { throw syntaxError("expected ',' or ']' in an array") }
            skipWhitespace()
        }
    }

    /// Consumes a `null` and says so; any other value stays to be read.
    mutating func readNull() throws(JSONError) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try expectLiteral("null")
        return true
    }

    mutating func readBool() throws(JSONError) -> Bool {
        switch try peek() {
        case UInt8(ascii: "t"): try expectLiteral("true"); return true
        case UInt8(ascii: "f"): try expectLiteral("false"); return false
        default: throw try mismatch("a boolean")
        }
    }

    /// Whether the next value starts with `opening` (`{`, `"`, …), for readers that treat a
    /// value of another type as absent rather than as an error.
    func nextIs(_ opening: Unicode.Scalar) -> Bool {
        offset < bytes.count && bytes[offset] == UInt8(ascii: opening)
    }

    /// Reads past the next value, checking it as strictly as if it were read.
    mutating func skipValue() throws(JSONError) {
        switch try peek() {
        case UInt8(ascii: "{"): try readObject { reader, _ throws(JSONError) in try reader.skipValue() }
        case UInt8(ascii: "["): try readArray { reader throws(JSONError) in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try scanString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"): _ = try readNull()
        default: _ = try scanNumber()
        }
    }

    // MARK: Bytes

    /// The next byte, without taking it; the end of the text is an error, since a value is due.
    func peek() throws(JSONError) -> UInt8 {
        guard offset < bytes.count else { throw syntaxError("unexpected end of text") }
        return bytes[offset]
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    func syntaxError(_ problem: String) -> JSONError {
        JSONError(reason: offset < bytes.count ? .syntax(problem) : .syntax("unexpected end of text"), offset: offset)
    }

    /// A mismatch error for the value here, after reading past it, so the caller may go on.
    mutating func mismatch(_ expected: String) throws(JSONError) -> JSONError {
        let start = offset
        try skipValue()
        return JSONError(reason: .mismatch(expected: expected), offset: start)
    }

    private mutating func consume(ascii character: Unicode.Scalar) throws(JSONError) -> Bool {
        guard try peek() == UInt8(ascii: character) else { return false }
        offset += 1
        return true
    }

    private mutating func enter(_ opening: Unicode.Scalar, expected: String) throws(JSONError) {
        guard try peek() == UInt8(ascii: opening) else { throw try mismatch(expected) }
        guard depth < Self.maximumDepth else { throw JSONError(reason: .tooDeep, offset: offset) }
        depth += 1
        offset += 1
    }

    private mutating func leave() {
        depth -= 1
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count,
              literal.withUTF8Buffer({ $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[offset..<offset + count])) })
        else { throw syntaxError("expected \(literal)") }
        offset += count
    }
}
