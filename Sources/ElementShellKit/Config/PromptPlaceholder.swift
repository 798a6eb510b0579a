/// The `{…}` placeholders a profile's `prompt_format` may use. Each stands for nothing when it has
/// no value (no one logged in, no room open, nothing unread).
public enum PromptPlaceholder: String, Sendable, CaseIterable {
    /// The profile's app name.
    case app
    /// The logged-in user's Matrix ID.
    case user
    /// The current room's name.
    case room
    /// The number of unread messages.
    case unread
    /// How sync stands when it is not simply live: catching up, or offline and when it retries.
    case status
    /// Who is typing in the current room.
    case typing

    /// The text that stands for it in a format, such as `{room}`.
    public var token: String { "{\(rawValue)}" }

    /// Placeholder-shaped words in `format` (`{` letters or `_` `}`) that are not placeholders, in order.
    /// Braces around anything else are plain text.
    static func unknownTokens(in format: String) -> [String] {
        var unknown: [String] = []
        var rest = format[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest[rest.index(after: open)...]
            let word = afterOpen.prefix { $0.isLetter || $0 == "_" }
            let afterWord = afterOpen[word.endIndex...]
            if !word.isEmpty, afterWord.first == "}", PromptPlaceholder(rawValue: String(word)) == nil {
                unknown.append("{\(word)}")
            }
            rest = afterOpen
        }
        return unknown
    }
}
