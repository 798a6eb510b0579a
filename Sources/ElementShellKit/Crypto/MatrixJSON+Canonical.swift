import MatrixCrypto

extension MatrixJSON {
    /// The value as canonical JSON can hold it, to check a signature over it; `nil` when it
    /// holds a number that is not a whole one in canonical JSON's range (nothing signed does).
    var canonical: MatrixCrypto.JSONValue? {
        switch self {
        case .object(let members):
            var converted: [String: MatrixCrypto.JSONValue] = [:]
            for (key, value) in members {
                guard let value = value.canonical else { return nil }
                converted[key] = value
            }
            return .object(converted)
        case .array(let elements):
            var converted: [MatrixCrypto.JSONValue] = []
            for element in elements {
                guard let element = element.canonical else { return nil }
                converted.append(element)
            }
            return .array(converted)
        case .string(let value): return .string(value)
        case .number(let value):
            guard let whole = Int64(exactly: value), abs(whole) <= MatrixCrypto.JSONValue.largestCanonicalInteger else { return nil }
            return .integer(whole)
        case .bool(let value): return .bool(value)
        case .null: return .null
        }
    }
}
