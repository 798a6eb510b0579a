import Foundation

/// A JSON document built in code: `--output json`, and the content of events we send.
public enum JSONValue: Sendable, Equatable, Encodable, ExpressibleByStringLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByArrayLiteral {
    case string(String)
    case int(Int)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// One line of compact JSON with keys sorted, so output is stable for scripts and tests.
    public var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return Self.escapingTerminalControls(String(decoding: data, as: UTF8.self))
    }

    /// `JSONEncoder` escapes only C0 controls; DEL, C1 controls (a terminal reads U+009B as CSI),
    /// separators and bidirectional controls would reach a terminal showing the line raw. None of
    /// them is JSON punctuation, so they are inside strings, where `\uXXXX` is the same value.
    private static func escapingTerminalControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: TerminalSanitizer.isControl) else { return json }
        var escaped = ""
        for scalar in json.unicodeScalars {
            if TerminalSanitizer.isControl(scalar) {
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

extension Optional where Wrapped == String {
    var json: JSONValue { map(JSONValue.string) ?? .null }
}
