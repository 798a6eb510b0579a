import MatrixClient
import MatrixJSON

/// `RemoteText` (room names and topics, members' and senders' names, message bodies, quotes,
/// reaction keys, redaction reasons, device names, the server's error messages, …) reaches the
/// terminal only through `TerminalSanitizer`. `shown` is the way into a line of text, and every
/// other way of making a string of it (`description`, `String(reflecting:)`) is sanitized too.
/// Interpolating it into a string does not compile in the shell (its warning is an error there,
/// `Package.swift`): a line says `.shown`. JSON keeps it exactly (`json`), and the JSON line
/// writer escapes its controls.
extension RemoteText: CustomStringConvertible, CustomDebugStringConvertible {
    /// The text as the terminal may show it.
    public var shown: String { TerminalSanitizer.clean(unsanitized) }

    /// Each of its lines as the terminal may show it, empty ones kept.
    public var shownLines: [String] {
        unsanitized.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { TerminalSanitizer.clean(String($0)) }
    }

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
