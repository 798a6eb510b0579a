import ElementShellKit
import Foundation

/// Any text from outside: what reaches the terminal holds no control character, line or paragraph
/// separator or bidirectional control, except the marks the sanitizer keeps, nor a pile of combining
/// marks; cleaning it again changes nothing.
enum TerminalSanitizerFuzz {
    /// U+061C, U+200E and U+200F only steer the neighbouring punctuation; the sanitizer keeps them
    /// for right-to-left text.
    private static let keptMarks: Set<Unicode.Scalar> = ["\u{061C}", "\u{200E}", "\u{200F}"]

    static func test(_ input: Data) {
        let clean = TerminalSanitizer.clean(String(decoding: input, as: UTF8.self))
        precondition(!clean.unicodeScalars.contains(where: isUnsafe), "a control character reached the terminal")
        precondition(longestRunOfMarks(in: clean) <= TerminalSanitizer.maximumAttachedMarks, "a flood of combining marks reached the terminal")
        precondition(TerminalSanitizer.clean(clean) == clean, "cleaning twice changed the text")
    }

    /// Combining marks (Mn, Me) one after the other, the flood that stacks them over other lines.
    private static func longestRunOfMarks(in text: String) -> Int {
        var longest = 0, run = 0
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            run = category == .nonspacingMark || category == .enclosingMark ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// Judged by Unicode's character properties, independently of how the sanitizer lists them.
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: scalar.properties.isBidiControl && !keptMarks.contains(scalar)
        }
    }
}
