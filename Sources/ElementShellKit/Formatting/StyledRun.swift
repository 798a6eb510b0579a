/// How a run of formatted text looks; combined freely (bold inside a quote inside a link).
public struct TextStyle: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextStyle(rawValue: 1 << 0)
    public static let italic = TextStyle(rawValue: 1 << 1)
    public static let strikethrough = TextStyle(rawValue: 1 << 2)
    public static let underline = TextStyle(rawValue: 1 << 3)
    public static let code = TextStyle(rawValue: 1 << 4)
    /// A mention of a user or room: shown in the profile's accent colour.
    public static let mention = TextStyle(rawValue: 1 << 5)
    /// Secondary text: quote marks, a link's address.
    public static let faint = TextStyle(rawValue: 1 << 6)
}

/// Text in one style. Unsanitized: whoever prints it cleans it first.
public struct StyledRun: Sendable, Equatable {
    public var text: String
    public var style: TextStyle

    public init(_ text: String, _ style: TextStyle = []) {
        self.text = text
        self.style = style
    }
}
