/// Text from outside (servers, other users, files) may carry escape sequences that would move the
/// cursor, retitle the window or hide text. Everything shown passes through here first.
public enum TerminalSanitizer {
    /// Marks that attach to the character before them (combining marks, joiners, skin tones) kept
    /// in a row: more than any script or emoji sequence uses, few enough that a flood of thousands
    /// cannot pile up over neighbouring lines or make every later line slow to lay out.
    public static let maximumAttachedMarks = 8

    /// Control characters, line and paragraph separators and bidirectional embeddings, overrides
    /// and isolates become visible `U+XXXX` marks; line breaks and tabs become spaces; attached
    /// marks past `maximumAttachedMarks` in a row are dropped. The direction marks (LRM, RLM, ALM)
    /// stay: they only place neighbouring punctuation, and right-to-left text needs them.
    public static func clean(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var attachedMarks = 0
        for scalar in text.unicodeScalars {
            if attaches(scalar) {
                attachedMarks += 1
                if attachedMarks <= maximumAttachedMarks { result.unicodeScalars.append(scalar) }
                continue
            }
            attachedMarks = 0
            if scalar == "\n" || scalar == "\t" || scalar == "\r" {
                result.unicodeScalars.append(" ")
            } else if isControl(scalar) {
                result += "U+" + String(scalar.value, radix: 16, uppercase: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// What a terminal would act on rather than show (C0, DEL, C1), or what moves or reorders the
    /// text around it: line and paragraph separators, bidirectional embeddings, overrides, isolates.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Combining and other extending marks, the zero-width joiner and emoji skin tones: what
    /// draws on the character before it instead of taking a cell of its own.
    private static func attaches(_ scalar: Unicode.Scalar) -> Bool {
        // No ASCII scalar attaches; reading their properties was most of the cost of long text.
        !scalar.isASCII && (scalar.properties.isGraphemeExtend || scalar.properties.isEmojiModifier || scalar.value == 0x200D)
    }
}
