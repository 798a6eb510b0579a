import Foundation
import MatrixJSON

/// The spec's "Canonical JSON" (appendix "Signing JSON"): keys sorted by code point, no
/// insignificant whitespace, UTF-8, integers within ±(2^53 − 1), and the shortest escapes —
/// byte for byte what Synapse and other clients sign.
extension JSONValue {
    public static let largestCanonicalInteger: Int64 = (1 << 53) - 1

    public func canonicalEncoding() throws -> Data {
        var bytes: [UInt8] = []
        try appendCanonical(to: &bytes)
        return Data(bytes)
    }

    private func appendCanonical(to bytes: inout [UInt8]) throws {
        switch self {
        case .null: bytes += Array("null".utf8)
        case .bool(let value): bytes += Array((value ? "true" : "false").utf8)
        case .integer(let value):
            guard (-Self.largestCanonicalInteger...Self.largestCanonicalInteger).contains(value) else {
                throw MatrixCryptoError.integerOutOfRange(value)
            }
            bytes += Array(String(value).utf8)
        case .double(let value): throw MatrixCryptoError.notAnInteger(value)
        case .string(let value): Self.appendString(value, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                try element.appendCanonical(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            // UTF-8 byte order is code point order; Swift's own String order is not.
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            bytes.append(UInt8(ascii: "{"))
            for (position, key) in keys.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.appendString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                try members[key]!.appendCanonical(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }
}
