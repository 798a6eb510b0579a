/// How the text of an outgoing message is to be read.
public enum MessageFormat: Sendable, Equatable {
    /// Markdown, when the `markdown` setting is on; otherwise plain.
    case markdown
    /// Sent exactly as typed (`/plain`).
    case plain
    /// HTML as typed (`/html`), with a plain body made from it.
    case html

    /// The `body` and `formatted_body` for `text` in this format.
    func content(for text: String, markdownEnabled: Bool) -> (body: String, formattedBody: String?) {
        switch self {
        case .markdown where markdownEnabled: (text, Markdown.html(from: text))
        case .markdown, .plain: (text, nil)
        case .html:
            // Clients without HTML show the body: the same words, without the tags.
            (FormattedBody.lines(fromHTML: text)?.map { $0.map(\.text).joined() }.joined(separator: "\n") ?? text, text)
        }
    }
}
