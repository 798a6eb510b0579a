import Foundation

// Content whose shape the client reads field by field (power levels, `m.direct`) travels as
// `MatrixJSON` both ways, so what the client does not know is kept when it writes content back.
extension MatrixJSON: JSONReadable, Encodable {
    init(json: Data) throws(MatrixError) {
        self = try JSONReader.decode(json, as: MatrixJSON.self) { reader throws(JSONError) in try MatrixJSON(reading: &reader) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .object(let members): try container.encode(members)
        case .array(let elements): try container.encode(elements)
        case .string(let value): try container.encode(value)
        case .number(let value):
            if let whole = Int(exactly: value) { try container.encode(whole) } else { try container.encode(value) }
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}
