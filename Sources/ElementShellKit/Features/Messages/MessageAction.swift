public enum MessageAction: Sendable, Equatable {
    /// A plain line, or `//text` for text that starts with a slash.
    case send(text: String)
    /// `/me waves`: an action, shown as `* Alice waves`.
    case emote(text: String)
    /// `/notice`: a message bots and announcements use, which clients show quieter.
    case notice(text: String)
    /// `/plain`: sent as typed, not read as Markdown.
    case plain(text: String)
    /// `/html`: the text is the message's HTML.
    case html(text: String)
}

// Message text is user content: printing an action (logs, test failures) shows only its shape.
extension MessageAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .send: "send(text: <redacted>)"
        case .emote: "emote(text: <redacted>)"
        case .notice: "notice(text: <redacted>)"
        case .plain: "plain(text: <redacted>)"
        case .html: "html(text: <redacted>)"
        }
    }
}

extension MessageAction {
    /// The command whose result this is: a plain line and its forms all report as `message`.
    var command: CommandName { .message }
}
