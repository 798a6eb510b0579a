/// The input line as a teletype draws it, for screen readers and braille displays: text is only
/// ever added where the cursor is. No escape sequence is written; moving left is a backspace,
/// moving right writes the character again, and erasing writes spaces. Lines printed while the
/// person types go below what is typed, which stays where it is: typing goes on on the next line,
/// and the line is sent whole. Only a change that cannot be drawn that way (a recalled line, an
/// edit of text above the output) starts a new line with the prompt and the whole line.
public struct TeletypeLine: Sendable {
    /// The prompt drawn on the screen, or `nil` when the next drawing starts with it.
    private var prompt: String?
    /// The start of the line, typed before output came: on screen above, not on this row.
    private var above: [UInt8] = []
    /// The whole line as last drawn.
    private var drawnLine: [UInt8] = []
    /// What this row shows after the prompt (or, after output, from its first column).
    private var shown: [Character] = []
    /// Where the cursor is in `shown`.
    private var cursor = 0
    /// The column `shown` starts at.
    private var startColumn = 0
    /// Whether anything was drawn on the row the cursor is on.
    private var rowHasText = false

    public init() {}

    /// What to write so that the screen shows `line` with the cursor at byte `point`, after
    /// `prompt`, in a terminal `columns` wide (0 when unknown).
    public mutating func draw(prompt newPrompt: String, line: String, point: Int, columns: Int) -> String {
        var output = ""
        let bytes = Array(line.utf8)
        let point = min(max(point, 0), bytes.count)
        var rowIsNew = false
        if prompt != newPrompt || !bytes.starts(with: above) || point < above.count {
            output += startRow(prompt: newPrompt)
            rowIsNew = true
        }
        drawnLine = bytes
        let visible = Self.displayed(bytes[above.count...])
        let target = Self.displayed(bytes[above.count..<point]).count
        if let change = edit(to: visible, cursorAt: target, columns: columns) { return output + change }
        if !rowIsNew {
            output += startRow(prompt: newPrompt)
            if let change = edit(to: visible, cursorAt: target, columns: columns) { return output + change }
        }
        // A long line whose cursor is rows above its end: shown whole, with the cursor at its end.
        return output + (edit(to: visible, cursorAt: visible.count, columns: 0) ?? "")
    }

    /// What to write to print `lines` while a line is being typed: they go under it, and typing
    /// goes on under them.
    public mutating func print(_ lines: [String]) -> String {
        guard !lines.isEmpty else { return "" }
        var output = rowHasText ? "\n" : ""
        for line in lines { output += line + "\n" }
        above = drawnLine
        shown = []
        cursor = 0
        startColumn = 0
        rowHasText = false
        return output
    }

    /// The line is finished (Enter) or set aside: what follows starts on a new row, with the prompt.
    public mutating func endLine() -> String {
        defer { self = TeletypeLine() }
        return rowHasText ? "\n" : ""
    }

    /// What to write to show `text` (a password question) on a row of its own, in place of the
    /// line; the line is drawn again on a new row after it.
    public mutating func show(_ text: String) -> String {
        let output = (rowHasText ? "\n" : "") + text
        self = TeletypeLine()
        rowHasText = !text.isEmpty
        return output
    }

    private mutating func startRow(prompt newPrompt: String) -> String {
        let output = (rowHasText ? "\n" : "") + newPrompt
        prompt = newPrompt
        above = []
        shown = []
        cursor = 0
        startColumn = Self.width(newPrompt)
        rowHasText = !newPrompt.isEmpty
        return output
    }

    /// The keys that turn `shown` into `visible` with the cursor at `target`: back to where
    /// they differ, the rest written again, then back to `target`. `nil` when a step back would
    /// leave the terminal row it starts on.
    private mutating func edit(to visible: [Character], cursorAt target: Int, columns: Int) -> String? {
        if visible == shown {
            // Only the cursor moves: right by writing what it passes, left by backspaces.
            guard target > cursor || Self.canMoveBack(from: column(of: cursor), to: column(of: target), columns: columns) else { return nil }
            defer { cursor = target }
            return target > cursor ? String(shown[cursor..<target]) : Self.backspaces(column(of: cursor) - column(of: target))
        }
        let common = zip(shown, visible).prefix { $0 == $1 }.count
        let keep = min(common, cursor, target)
        let removed = max(Self.width(shown[keep...]) - Self.width(visible[keep...]), 0)
        let end = startColumn + Self.width(visible) + removed
        let targetColumn = startColumn + Self.width(visible[..<target])
        guard Self.canMoveBack(from: column(of: cursor), to: column(of: keep), columns: columns),
              Self.canMoveBack(from: end, to: targetColumn, columns: columns) else { return nil }
        var output = Self.backspaces(column(of: cursor) - column(of: keep))
        output += String(visible[keep...]) + String(repeating: " ", count: removed)
        output += Self.backspaces(end - targetColumn)
        shown = visible
        cursor = target
        rowHasText = rowHasText || !visible.isEmpty
        return output
    }

    private func column(of index: Int) -> Int {
        startColumn + Self.width(shown[..<index])
    }

    /// Backspace moves within a row only. A cursor just past a row's last column waits there for
    /// the next character to wrap it, and terminals disagree where backspace takes it from there.
    private static func canMoveBack(from column: Int, to target: Int, columns: Int) -> Bool {
        guard column != target, columns > 0 else { return true }
        return column % columns != 0 && column / columns == target / columns
    }

    /// Control characters (the line breaks of a pasted block) in caret notation, as readline
    /// shows them: written as they are, they would move the cursor.
    private static func displayed(_ bytes: ArraySlice<UInt8>) -> [Character] {
        String(decoding: bytes, as: UTF8.self).flatMap { character -> [Character] in
            guard let ascii = character.asciiValue, ascii < 0x20 || ascii == 0x7F else { return [character] }
            return ["^", Character(Unicode.Scalar(ascii ^ 0x40))]
        }
    }

    private static func width(_ text: some Sequence<Character>) -> Int {
        TextLayout.visibleLength(String(text))
    }

    private static func backspaces(_ count: Int) -> String {
        String(repeating: "\u{8}", count: max(count, 0))
    }
}
