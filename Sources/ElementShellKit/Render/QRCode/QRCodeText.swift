/// A QR code for a terminal: each line shows two rows of modules with the half blocks ▀ ▄ █ and
/// space, so that in a cell about twice as high as wide a module comes out about square; the
/// standard's quiet zone of four light modules surrounds the symbol. Plain characters, for
/// verification codes and login links alike.
///
/// The glyphs are the light modules, the spaces the dark ones. Scanners look for dark modules on
/// light ground (an inverted code is refused by many), and characters cannot choose colours: a
/// glyph shows the foreground colour, a space the background. Most terminals show light text on
/// dark, so it is the light modules that must be ink; drawn the other way round, the code would
/// be inverted there. Reverse video (dark modules as ink, swapped) comes to the same thing on a
/// known theme and to an inverted code where colour is off (`NO_COLOR`), when it is dropped; so
/// the characters alone carry it. What no choice of characters can do is be right on a light
/// theme too: `Theme.qrCode(_:)` paints the lines white on black when colour is on, which holds
/// on any theme.
public enum QRCodeText {
    /// Light modules around the symbol, which the standard asks of the medium, not the code.
    static let quietZone = 4

    /// Top to bottom; every line as wide as the code and its quiet zone. An odd row left over at
    /// the bottom (the count with the quiet zone always is odd) has nothing under it.
    public static func lines(for code: QRCode) -> [String] {
        let span = -quietZone..<code.size + quietZone
        func isLight(row: Int, column: Int) -> Bool {
            guard span.contains(row) else { return false }
            guard (0..<code.size).contains(row), (0..<code.size).contains(column) else { return true }
            return !code.modules[row][column]
        }
        return stride(from: span.lowerBound, to: span.upperBound, by: 2).map { top in
            String(span.map { column -> Character in
                switch (isLight(row: top, column: column), isLight(row: top + 1, column: column)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            })
        }
    }
}
