import MatrixClient

/// The lines of what `/thread`, `/back` and `/threads` produced.
struct ThreadText {
    let messageText: MessageText
    let theme: Theme

    func lines(for outcome: ThreadOutcome) -> [String] {
        switch outcome {
        case .opened(let name, let root, let messages, _):
            [theme.accent(L10n.screenThreadOpened(root.reference.map { "~\($0)" } ?? "", name.shown))]
                + ([root] + messages).flatMap(messageText.lines(for:))
        case .closed(let name): [L10n.screenThreadClosed(name.shown)]
        case .list(let roots): roots.isEmpty ? [L10n.screenThreadsEmpty] : roots.flatMap(messageText.lines(for:))
        }
    }
}
