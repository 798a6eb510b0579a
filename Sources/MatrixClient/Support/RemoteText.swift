/// Text that came from a server or another person: names, topics, bodies, reasons, the server's
/// own error messages. It is data, never markup or terminal input, and a front end decides how it
/// may be shown; the shell lets it reach the terminal only through its sanitizer.
public struct RemoteText: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The text as it came, for comparing and for JSON; never for a line of text as it is.
    public let unsanitized: String

    public init(_ text: String) {
        unsanitized = text
    }

    public init(stringLiteral text: String) {
        unsanitized = text
    }

    public var isEmpty: Bool { unsanitized.isEmpty }
}
