import Foundation
import MatrixJSON

extension JSONValue {
    /// One line of compact JSON with keys sorted, so output is stable for scripts and tests.
    public var line: String { encoded([.sortedKeys, .withoutEscapingSlashes]) }

    /// Indented over several lines, keys sorted: for people (`/view-source`, a problem report).
    /// An empty object or array stays on its line (`{}`), where Foundation's encoder spreads it
    /// over three.
    public var pretty: String {
        var lines: [String] = []
        for line in encoded([.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]).split(separator: "\n") {
            // Strings hold their newlines escaped: a blank line is layout, and so is a lone bracket.
            let trimmed = line.trimmingWhitespace()
            guard !trimmed.isEmpty else { continue }
            if let last = lines.last, last.hasSuffix("{") && trimmed.hasPrefix("}") || last.hasSuffix("[") && trimmed.hasPrefix("]") {
                lines[lines.count - 1] = last + trimmed
            } else {
                lines.append(String(line))
            }
        }
        return lines.joined(separator: "\n")
    }

    private func encoded(_ formatting: JSONEncoder.OutputFormatting) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        guard let data = try? encoder.encode(self) else { return "{}" }
        // The encoder escapes newlines in strings: those left are the layout's own.
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { Self.escapingTerminalControls(String($0)) }.joined(separator: "\n")
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
