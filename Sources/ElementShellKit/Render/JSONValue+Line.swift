import Foundation
import MatrixJSON

extension JSONValue {
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
