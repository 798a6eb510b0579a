extension JSONReader {
    /// A number read from the text: exact as an integer when it is a whole one that fits
    /// `Int64`, and as a `Double` (Matrix integers stay within ±2^53, which a `Double` holds).
    struct Number {
        var integer: Int64?
        var double: Double
    }

    mutating func readNumber() throws(JSONError) -> Number {
        guard isAtNumber else { throw try mismatch("a number") }
        return try scanNumber()
    }

    /// A whole number, such as a timestamp or a count; `1.5` or `1e400` do not fit.
    mutating func readInteger() throws(JSONError) -> Int64 {
        let start = offset
        guard let integer = try readNumber().integer else { throw JSONError(reason: .mismatch(expected: "an integer"), offset: start) }
        return integer
    }

    private var isAtNumber: Bool {
        offset < bytes.count && (bytes[offset] == UInt8(ascii: "-") || bytes[offset].isDigit)
    }

    /// Reads the number here by the JSON grammar (`-`, no leading zeros, at least one digit
    /// after `.` and in an exponent). Up to 18 digits without fraction or exponent are summed
    /// directly, the case of every timestamp and count; anything else goes through the
    /// standard library's correctly rounded parser.
    mutating func scanNumber() throws(JSONError) -> Number {
        let start = offset
        let negative = offset < bytes.count && bytes[offset] == UInt8(ascii: "-")
        if negative { offset += 1 }
        guard offset < bytes.count, bytes[offset].isDigit else {
            throw syntaxError(negative ? "expected a digit after '-'" : "expected a value")
        }
        var magnitude: Int64 = 0
        var digits = 0
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            digits = 1
        } else {
            while offset < bytes.count, bytes[offset].isDigit {
                if digits < 18 { magnitude = magnitude * 10 + Int64(bytes[offset] - UInt8(ascii: "0")) }
                digits += 1
                offset += 1
            }
        }
        var isWhole = digits <= 18
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            try skipDigits(after: "'.'")
            isWhole = false
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            try skipDigits(after: "an exponent")
            isWhole = false
        }
        if isWhole {
            let integer = negative ? -magnitude : magnitude
            return Number(integer: integer, double: Double(integer))
        }
        // The grammar was checked above, and Swift's parser accepts all of it.
        let double = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)) ?? .nan
        return Number(integer: Int64(exactly: double), double: double)
    }

    private mutating func skipDigits(after what: String) throws(JSONError) {
        guard offset < bytes.count, bytes[offset].isDigit else { throw syntaxError("expected a digit after \(what)") }
        while offset < bytes.count, bytes[offset].isDigit { offset += 1 }
    }
}

private extension UInt8 {
    var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
}
