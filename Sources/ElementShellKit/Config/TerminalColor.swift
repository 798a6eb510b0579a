import Foundation

/// A colour as the config file names it: one of the ANSI sixteen, or a 24-bit `#rrggbb`.
public enum TerminalColor: Sendable, Equatable {
    case named(ANSIColor)
    case rgb(red: UInt8, green: UInt8, blue: UInt8)

    /// Reads `"magenta"`, `"bright_blue"` or `"#ff00aa"` (letters in any case); nil for anything else.
    public init?(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let named = ANSIColor(rawValue: text) {
            self = .named(named)
            return
        }
        let digits = text.dropFirst()
        guard text.first == "#", digits.count == 6, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self = .rgb(red: UInt8(value >> 16 & 0xff), green: UInt8(value >> 8 & 0xff), blue: UInt8(value & 0xff))
    }

    /// The text `init(parsing:)` reads back to this colour.
    public var configValue: String {
        switch self {
        case .named(let color):
            color.rawValue
        case let .rgb(red, green, blue):
            "#" + [red, green, blue].map(\.twoDigitHex).joined()
        }
    }
}

private extension UInt8 {
    var twoDigitHex: String {
        let digits = String(self, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
