import Foundation

/// The protobuf-style body of Olm and Megolm messages ("Message format"): varint tags, each
/// followed by a varint (wire type 0) or a varint length and that many bytes (wire type 2).
enum ProtobufField: Equatable {
    case integer(tag: UInt64, value: UInt64)
    case bytes(tag: UInt64, value: Data)

    func append(to data: inout Data) {
        switch self {
        case .integer(let tag, let value):
            Self.appendVarint(tag, to: &data)
            Self.appendVarint(value, to: &data)
        case .bytes(let tag, let value):
            Self.appendVarint(tag, to: &data)
            Self.appendVarint(UInt64(value.count), to: &data)
            data.append(value)
        }
    }

    static func parse(_ body: Data) throws(MatrixCryptoError) -> [ProtobufField] {
        var reader = Reader(bytes: body)
        var fields: [ProtobufField] = []
        while !reader.isAtEnd {
            let tag = try reader.varint()
            switch tag & 0x7 {
            case 0: fields.append(.integer(tag: tag, value: try reader.varint()))
            case 2: fields.append(.bytes(tag: tag, value: try reader.bytes(count: try reader.varint())))
            default: throw .malformed("message field type")
            }
        }
        return fields
    }

    private static func appendVarint(_ value: UInt64, to data: inout Data) {
        var rest = value
        while rest >= 0x80 {
            data.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        data.append(UInt8(rest))
    }

    private struct Reader {
        let input: Data
        var offset = 0

        init(bytes: Data) { input = Data(bytes) }

        var isAtEnd: Bool { offset == input.count }

        mutating func varint() throws(MatrixCryptoError) -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 7) {
                guard offset < input.count else { throw .malformed("truncated varint") }
                let byte = input[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << UInt64(shift)
                if byte & 0x80 == 0 { return value }
            }
            throw .malformed("varint too long")
        }

        mutating func bytes(count: UInt64) throws(MatrixCryptoError) -> Data {
            guard count <= UInt64(input.count - offset) else { throw .malformed("truncated field") }
            defer { offset += Int(count) }
            return Data(input[offset..<offset + Int(count)])
        }
    }
}
