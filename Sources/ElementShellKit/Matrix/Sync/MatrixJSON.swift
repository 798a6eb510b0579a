/// Any JSON value, for event content whose shape depends on the event type and which later
/// code reads field by field (`content["body"]?.string`). Numbers are `Double`: Matrix
/// integers stay within ±2^53, which a `Double` holds exactly.
public enum MatrixJSON: Sendable, Equatable {
    case object([String: MatrixJSON])
    case array([MatrixJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The value at the reader, whatever its type.
    init(reading reader: inout JSONReader) throws(JSONError) {
        switch try reader.peek() {
        case UInt8(ascii: "{"):
            var members: [String: MatrixJSON] = [:]
            try reader.readObject { reader, key throws(JSONError) in
                members[try key.string()] = try MatrixJSON(reading: &reader)
            }
            self = .object(members)
        case UInt8(ascii: "["):
            var elements: [MatrixJSON] = []
            try reader.readArray { reader throws(JSONError) in
                elements.append(try MatrixJSON(reading: &reader))
            }
            self = .array(elements)
        case UInt8(ascii: "\""):
            self = .string(try reader.readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            self = .bool(try reader.readBool())
        case UInt8(ascii: "n"):
            _ = try reader.readNull()
            self = .null
        default:
            self = .number(try reader.readNumber().double)
        }
    }

    /// The member named `key` of an object; `nil` for other values or a missing key.
    public subscript(key: String) -> MatrixJSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    public var string: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    public var double: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }

    /// The number when it is a whole one that fits an `Int`.
    public var int: Int? {
        guard case .number(let value) = self else { return nil }
        return Int(exactly: value)
    }

    public var bool: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    public var array: [MatrixJSON]? {
        guard case .array(let value) = self else { return nil }
        return value
    }

    public var object: [String: MatrixJSON]? {
        guard case .object(let value) = self else { return nil }
        return value
    }
}
