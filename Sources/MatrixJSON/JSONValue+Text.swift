/// JSON text written by hand: `JSONEncoder` goes through `Codable` for every value, and an initial
/// sync stores the power levels and create event of each of its rooms as text.
extension JSONValue {
    /// The value as compact JSON, its objects' keys in no set order.
    public var text: String {
        var bytes: [UInt8] = []
        appendText(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func appendText(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes += "null".utf8
        case .bool(let value): bytes += (value ? "true" : "false").utf8
        case .integer(let value): bytes += String(value).utf8
        // JSON has no infinity or NaN; a value read from JSON is never either.
        case .double(let value): bytes += (value.isFinite ? String(value) : "null").utf8
        case .string(let value): Self.appendString(value, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                element.appendText(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (position, (key, value)) in members.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.appendString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                value.appendText(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string with the shortest escapes: only `"`, `\` and control characters are escaped,
    /// with the two-character form where JSON has one; everything else stays as its UTF-8 bytes.
    /// The spec's canonical JSON escapes strings exactly so.
    public static func appendString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case ..<0x20: bytes += Array(("\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
