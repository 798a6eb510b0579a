import MatrixClient

extension MessageRecord {
    /// What the message says, as one plain line: its formatted text without markup where it has
    /// one (so `**b**` quotes as `b`), else its body; empty once redacted.
    var plainText: String {
        guard !isRedacted else { return "" }
        if let html = formattedBody, let lines = FormattedBody.lines(fromHTML: html) {
            return lines.map { $0.map(\.text).joined() }.joined(separator: " ")
        }
        return body.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
