@testable import ElementShellKit

/// Event content written as literals in tests: `["msgtype": "m.text", "body": "hi"]`.
extension MatrixJSON: ExpressibleByDictionaryLiteral, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral {
    public init(dictionaryLiteral elements: (String, MatrixJSON)...) {
        self = .object(Dictionary(elements) { $1 })
    }

    public init(stringLiteral value: String) {
        self = .string(value)
    }

    public init(arrayLiteral elements: MatrixJSON...) {
        self = .array(elements)
    }
}
