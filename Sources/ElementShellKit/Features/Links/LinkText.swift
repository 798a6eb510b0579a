/// The lines of what `/links` and `/link` produced; each address clickable where links are on.
struct LinkText {
    let theme: Theme
    var width: Int?

    func lines(for outcome: LinkOutcome) -> [String] {
        switch outcome {
        case .listed(let links):
            guard !links.isEmpty else { return [L10n.screenLinksNone] }
            let rows = links.map { link in
                ["\(link.number)", link.reference.map { theme.dim("~\($0)") } ?? "", link.senderName.shown,
                 theme.link(link.address.shown, to: link.address.unsanitized)]
            }
            return TextLayout.table(rows, wrapsLastColumn: false, width: width)
        case .opened(let address, let inBrowser):
            let shown = theme.link(address.shown, to: address.unsanitized)
            return [inBrowser ? L10n.screenLinkOpened(shown) : L10n.screenLinkNoBrowser(shown)]
        }
    }
}
