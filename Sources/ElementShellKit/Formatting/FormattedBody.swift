/// The `formatted_body` of a message (`org.matrix.custom.html`) laid out for a terminal: lines of
/// styled runs, with quotes, lists and code blocks as line prefixes and links followed by their
/// address. Tags outside the spec's subset keep their text; the reply fallback (`mx-reply`),
/// scripts and styles vanish. `nil` when nothing visible is left, so the plain `body` is shown.
public enum FormattedBody {
    public static func lines(fromHTML html: String) -> [[StyledRun]]? {
        var layout = HTMLLayout()
        for token in HTMLTokenizer.tokens(in: html) {
            layout.take(token)
        }
        return layout.finished()
    }
}
