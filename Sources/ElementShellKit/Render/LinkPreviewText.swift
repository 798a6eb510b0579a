import Foundation
import MatrixClient

/// A message's link previews, under its text: the page's title and site (a link to the page), then
/// at most two lines of its description, all marked as the sender's account of the page:
///
///     ┃ Matrix.org · matrix.org
///     ┃ Matrix, the open protocol for secure decentralised communications
struct LinkPreviewText {
    let theme: Theme
    var width: Int?

    static let summaryLines = 2

    func lines(for previews: [LinkPreview], indent: String) -> [String] {
        previews.flatMap { preview -> [String] in
            let address = preview.url ?? preview.matchedURL ?? ""
            let site = preview.siteName.map(Self.oneLine) ?? URLComponents(string: address)?.host ?? ""
            let title = preview.title.map(Self.oneLine) ?? address
            let head = theme.link(TerminalSanitizer.clean(title), to: address) + (site.isEmpty ? "" : theme.dim(" · " + TerminalSanitizer.clean(site)))
            let room = width.map { max(20, $0 - indent.count - 2) }
            var lines = [TextLayout.cut(head, to: room)]
            if let summary = preview.summary.map(Self.oneLine), !summary.isEmpty {
                let wrapped = TextLayout.wrap(TerminalSanitizer.clean(summary), width: room ?? 78)
                var shown = Array(wrapped.prefix(Self.summaryLines))
                if wrapped.count > Self.summaryLines { shown[shown.count - 1] = TextLayout.cut(shown[shown.count - 1] + " …", to: room) }
                lines += shown.map(theme.dim)
            }
            return lines.map { indent + theme.dim("┃ ") + $0 }
        }
    }

    /// A page's text as one line: its line breaks and runs of spaces made single spaces.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
