/// The lines of what `/draft` and `/drafts` produced.
struct DraftText {
    var width: Int?

    func lines(for outcome: DraftOutcome) -> [String] {
        switch outcome {
        case .shown(let body): [body.map { L10n.screenDraftShown(clean($0)) } ?? L10n.screenDraftNone]
        case .saved: [L10n.screenDraftSaved]
        case .cleared: [L10n.screenDraftCleared]
        case .list(let drafts):
            drafts.isEmpty ? [L10n.screenDraftsEmpty]
                : TextLayout.table(drafts.map { [$0.roomName.shown, clean($0.body)] }, wrapsLastColumn: false, width: width)
        }
    }

    private func clean(_ text: String) -> String { TerminalSanitizer.clean(text) }
}
