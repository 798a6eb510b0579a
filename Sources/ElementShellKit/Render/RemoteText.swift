import MatrixJSON

/// Text that came from a server or another person (room names and topics, members' and senders'
/// names, message bodies, quotes, reaction keys, redaction reasons, invites and notifications;
/// the rest in turn): it reaches the
/// terminal only through `TerminalSanitizer`. `shown` is the way into a line of text, and every
/// other way of making a string of it (`description`, `String(reflecting:)`) is sanitized too.
/// Interpolating it into a string does not compile in the shell (its warning is an error there,
/// `Package.swift`): a line says `.shown`. JSON keeps it exactly (`json`), and the JSON line
/// writer escapes its controls.
public struct RemoteText: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible, CustomDebugStringConvertible {
    /// The text as it came, for comparing and for JSON; never for a line of text.
    public let unsanitized: String

    public init(_ text: String) {
        unsanitized = text
    }

    public init(stringLiteral text: String) {
        unsanitized = text
    }

    /// The text as the terminal may show it.
    public var shown: String { TerminalSanitizer.clean(unsanitized) }

    /// Each of its lines as the terminal may show it, empty ones kept.
    public var shownLines: [String] {
        unsanitized.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { TerminalSanitizer.clean(String($0)) }
    }

    public var isEmpty: Bool { unsanitized.isEmpty }

    public var description: String { shown }

    public var debugDescription: String { "RemoteText(\(shown))" }

    var json: JSONValue { .string(unsanitized) }
}

extension DefaultStringInterpolation {
    /// Deprecated rather than unavailable: Swift would pass over an unavailable overload for the
    /// generic one, which interpolates anything. The shell's build makes this warning an error.
    @available(*, deprecated, message: "remote text reaches the terminal through TerminalSanitizer: interpolate `.shown`")
    public mutating func appendInterpolation(_ text: RemoteText) {
        appendLiteral(text.shown)
    }
}
