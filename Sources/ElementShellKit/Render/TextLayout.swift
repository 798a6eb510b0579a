/// Lays text out for a terminal of a given width: aligned columns, and words wrapped rather than
/// cut where the terminal would break them.
enum TextLayout {
    /// Rows of cells, indented by two spaces; every column but the last is padded to its widest
    /// cell, and the last wraps under itself when the line would be too long. A row's subtitle
    /// (plain text) goes on one line below it, from where `subtitleColumn` starts, cut to the width.
    static func table(_ rows: [[String]], subtitles: [Int: String] = [:], subtitleColumn: Int = 0,
                      style: (String) -> String = { $0 }, width: Int?) -> [String] {
        guard let columns = rows.map(\.count).max(), columns > 0 else { return [] }
        let widths = (0..<columns - 1).map { column in rows.map { visibleLength(column < $0.count ? $0[column] : "") }.max() ?? 0 }
        let subtitleIndent = 2 + widths.prefix(subtitleColumn).reduce(0) { $0 + $1 + 2 }
        return rows.enumerated().flatMap { index, row -> [String] in
            let below = subtitles[index].map { String(repeating: " ", count: subtitleIndent) + style(cut($0, to: width.map { $0 - subtitleIndent })) }
            return lines(of: row, columns: columns, widths: widths, width: width) + (below.map { [$0] } ?? [])
        }
    }

    /// `text` (plain, one line) ending in `…` where it is longer than `width` columns.
    static func cut(_ text: String, to width: Int?) -> String {
        guard let width, visibleLength(text) > width else { return text }
        var kept = "", used = 0
        for character in text {
            let columns = character.unicodeScalars.first.map(columns(of:)) ?? 1
            guard used + columns <= width - 1 else { break }
            kept.append(character)
            used += columns
        }
        return kept + "…"
    }

    private static func lines(of row: [String], columns: Int, widths: [Int], width: Int?) -> [String] {
        var prefix = "  "
        for (column, cellWidth) in widths.enumerated() {
            let cell = column < row.count ? row[column] : ""
            prefix += cell + String(repeating: " ", count: cellWidth - visibleLength(cell) + 2)
        }
        let last = row.count == columns ? row[columns - 1] : ""
        let indent = visibleLength(prefix)
        let wrapped = wrap(last, width: width.map { $0 - indent })
        return zip(wrapped.indices, wrapped).map { index, line in
            let text = (index == 0 ? prefix : String(repeating: " ", count: indent)) + line
            // An empty last cell leaves only padding behind.
            return String(text[..<(text.lastIndex { $0 != " " }.map(text.index(after:)) ?? text.startIndex)])
        }
    }

    /// Splits at spaces so no line is longer than `width`; a single longer word stands alone.
    static func wrap(_ text: String, width: Int?) -> [String] {
        guard let width, width >= 20, visibleLength(text) > width else { return [text] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if visibleLength(candidate) > width, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        return lines + [current]
    }

    /// Columns that text takes on screen: SGR escape sequences take none; emoji shown as
    /// pictures (the lock of encrypted messages, most reaction keys) and East Asian wide and
    /// fullwidth characters take two, as terminals draw them, so Chinese, Japanese and Korean
    /// text wraps where it should rather than where the terminal would break it itself.
    static func visibleLength(_ text: String) -> Int {
        var length = 0
        var inEscape = false
        for character in text {
            if character == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                if character.isLetter { inEscape = false }
            } else {
                length += character.unicodeScalars.first.map(columns(of:)) ?? 1
            }
        }
        return length
    }

    /// Two for a character drawn in two cells, one otherwise. The wide ranges are those of the
    /// Unicode East Asian Width property (W and F) that terminals draw wide.
    private static func columns(of scalar: Unicode.Scalar) -> Int {
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
