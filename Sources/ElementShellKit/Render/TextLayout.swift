/// Lays text out for a terminal of a given width: aligned columns, and words wrapped rather than
/// cut where the terminal would break them.
enum TextLayout {
    /// Rows of cells, indented by two spaces; every column but the last is padded to its widest
    /// cell, and the last wraps under itself when the line would be too long (or, without
    /// `wrapsLastColumn`, is cut: a table of what people wrote keeps one line a row). Given a
    /// width, every line fits it: where the columns would not, the widest give way first and
    /// their long cells are cut with `…`, so one long cell cannot push every row off the screen.
    /// A row's subtitle (plain text) goes on one line below it, from where `subtitleColumn`
    /// starts, cut to the width.
    static func table(_ rows: [[String]], subtitles: [Int: String] = [:], subtitleColumn: Int = 0,
                      style: (String) -> String = { $0 }, wrapsLastColumn: Bool = true, width: Int?) -> [String] {
        guard let columns = rows.map(\.count).max(), columns > 0 else { return [] }
        let natural = (0..<columns - 1).map { column in rows.map { visibleLength(column < $0.count ? $0[column] : "") }.max() ?? 0 }
        let last = rows.map { $0.count == columns ? visibleLength($0[columns - 1]) : 0 }.max() ?? 0
        let widths = fitted(natural, beside: last, width: width)
        let subtitleIndent = 2 + widths.prefix(subtitleColumn).reduce(0) { $0 + $1 + 2 }
        return rows.enumerated().flatMap { index, row -> [String] in
            let below = subtitles[index].map { String(repeating: " ", count: subtitleIndent) + style(cut($0, to: width.map { $0 - subtitleIndent })) }
            return lines(of: row, columns: columns, widths: widths, wrapsLast: wrapsLastColumn, width: width) + (below.map { [$0] } ?? [])
        }
    }

    /// The last column keeps at least this much of a line (less only where its cells are shorter).
    static let lastColumnRoom = 20

    /// Widths of the columns before the last that leave it its room on a line of `width`: the
    /// widest is narrowed until they fit, down to one column each.
    private static func fitted(_ natural: [Int], beside last: Int, width: Int?) -> [Int] {
        guard let width else { return natural }
        let budget = width - 2 - 2 * natural.count - min(last, lastColumnRoom)
        func total(_ cap: Int) -> Int { natural.reduce(0) { $0 + min($1, cap) } }
        guard total(.max) > budget else { return natural }
        // The widest cap that fits: narrower columns keep their width, wider ones are cut to it.
        var low = 1, high = natural.max() ?? 1
        while low < high {
            let middle = (low + high + 1) / 2
            if total(middle) <= budget { low = middle } else { high = middle - 1 }
        }
        return natural.map { min($0, low) }
    }

    /// `text` (one line, styled or not) ending in `…` where it is longer than `width` columns;
    /// escape sequences take no room and are kept, and a cut styled text ends its style.
    static func cut(_ text: String, to width: Int?) -> String {
        guard let width, visibleLength(text) > width else { return text }
        var kept = "", used = 0, escape = EscapeState(), isStyled = false
        for character in text {
            if escape.consumes(character) {
                isStyled = true
                kept.append(character)
                continue
            }
            let columns = character.unicodeScalars.first.map(columns(of:)) ?? 1
            guard used + columns <= width - 1 else { break }
            kept.append(character)
            used += columns
        }
        return kept + "…" + (isStyled ? "\u{1B}[0m" : "")
    }

    private static func lines(of row: [String], columns: Int, widths: [Int], wrapsLast: Bool, width: Int?) -> [String] {
        var prefix = "  "
        for (column, cellWidth) in widths.enumerated() {
            let cell = cut(column < row.count ? row[column] : "", to: cellWidth)
            prefix += cell + String(repeating: " ", count: cellWidth - visibleLength(cell) + 2)
        }
        let last = row.count == columns ? row[columns - 1] : ""
        let indent = visibleLength(prefix)
        let room = width.map { max($0 - indent, 1) }
        let wrapped = (wrapsLast ? wrap(last, width: room) : [last]).map { cut($0, to: room) }
        return zip(wrapped.indices, wrapped).map { index, line in
            let text = (index == 0 ? prefix : String(repeating: " ", count: indent)) + line
            // An empty last cell leaves only padding behind.
            return String(text[..<(text.lastIndex { $0 != " " }.map(text.index(after:)) ?? text.startIndex)])
        }
    }

    /// Splits at spaces so no line is longer than `width`; a single longer word stands alone.
    /// Each word is measured once, so a 100 kB message takes time in proportion to its length.
    static func wrap(_ text: String, width: Int?) -> [String] {
        guard let width, width >= 20, visibleLength(text) > width else { return [text] }
        var lines: [String] = []
        var current = "", currentLength = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let wordLength = visibleLength(String(word))
            if current.isEmpty {
                current = String(word)
                currentLength = wordLength
            } else if currentLength + 1 + wordLength > width {
                lines.append(current)
                current = String(word)
                currentLength = wordLength
            } else {
                current += " " + word
                currentLength += 1 + wordLength
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
        var escape = EscapeState()
        for character in text where !escape.consumes(character) {
            length += character.unicodeScalars.first.map(columns(of:)) ?? 1
        }
        return length
    }

    /// Where a walk through styled text is: in text, or inside one of the two kinds of sequence
    /// the shell itself writes: SGR (ESC [ … letter) and OSC 8 links (ESC ] … ESC \).
    private struct EscapeState {
        private enum Place { case text, escape, control, command, commandEscape }
        private var place = Place.text

        /// Whether `character` belongs to a sequence (and takes no room).
        mutating func consumes(_ character: Character) -> Bool {
            switch place {
            case .text:
                guard character == "\u{1B}" else { return false }
                place = .escape
            case .escape:
                place = character == "]" ? .command : character == "[" ? .control : .text
            case .control:
                if character.isLetter { place = .text }
            case .command:
                if character == "\u{7}" { place = .text } else if character == "\u{1B}" { place = .commandEscape }
            case .commandEscape:
                place = character == "\\" ? .text : .command
            }
            return true
        }
    }

    /// Two for a character drawn in two cells, one otherwise. The wide ranges are those of the
    /// Unicode East Asian Width property (W and F) that terminals draw wide.
    private static func columns(of scalar: Unicode.Scalar) -> Int {
        // Most text is ASCII, one column each: its properties are the costly part to read.
        if scalar.isASCII { return 1 }
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
