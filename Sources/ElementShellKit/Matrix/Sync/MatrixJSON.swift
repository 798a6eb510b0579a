/// Any JSON value, for event content whose shape depends on the event type and which later
/// code reads field by field (`content["body"]?.string`). Numbers are `Double`: Matrix
/// integers stay within ±2^53, which a `Double` holds exactly.
public enum MatrixJSON: Sendable, Equatable, Decodable {
    case object([String: MatrixJSON])
    case array([MatrixJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([MatrixJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: MatrixJSON].self))
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
