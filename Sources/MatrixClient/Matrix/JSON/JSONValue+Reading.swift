import Foundation
import MatrixJSON

// Content whose shape the client reads field by field (power levels, `m.direct`) travels as
// `JSONValue` both ways, so what the client does not know is kept when it writes content back.
extension JSONValue: JSONReadable {
    public init(json: Data) throws(MatrixError) {
        self = try JSONReader.decode(json, as: JSONValue.self) { reader throws(JSONError) in try JSONValue(reading: &reader) }
    }

    /// The value at the reader, or `nil` for `null`. Not `readNull() ? nil : …`: there `nil`
    /// would be the literal `.null`.
    init?(readingUnlessNull reader: inout JSONReader) throws(JSONError) {
        guard try !reader.readNull() else { return nil }
        try self.init(reading: &reader)
    }

    /// The value at the reader, whatever its type. A whole number that fits `Int64` is an
    /// integer however it is written (`1.0`, `1e3`), so it signs and prints as one.
    init(reading reader: inout JSONReader) throws(JSONError) {
        switch try reader.peek() {
        case UInt8(ascii: "{"):
            // Room for the few members most objects of an event have, made at once: growing one
            // slot at a time allocates and hashes everything again at each step.
            var members = [String: JSONValue](minimumCapacity: 3)
            try reader.readObject { reader, key throws(JSONError) in
                members[try key.string()] = try JSONValue(reading: &reader)
            }
            self = .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            try reader.readArray { reader throws(JSONError) in
                elements.append(try JSONValue(reading: &reader))
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
            let number = try reader.readNumber()
            self = number.integer.map(JSONValue.integer) ?? .double(number.double)
        }
    }
}
