/// The lines of what `/queue`, `/resend` and `/cancel` produced.
struct QueueText {
    let theme: Theme
    var width: Int?

    func lines(for outcome: QueueOutcome) -> [String] {
        switch outcome {
        case .list(let messages):
            messages.isEmpty ? [L10n.screenQueueEmpty] : TextLayout.table(messages.enumerated().map { index, message in
                let state = message.entry.held ? theme.warning(L10n.screenQueueHeld)
                    : message.entry.failed ? theme.error(L10n.screenQueueRefused) : L10n.screenQueueWaiting(message.entry.attempts)
                return ["\(index + 1)", message.roomName.shown, clean(message.entry.body), state]
            }, wrapsLastColumn: false, width: width)
        case .resent(let count): [(count == 1 ? L10n.screenQueueResentOne : L10n.screenQueueResentOther)(count)]
        case .cancelled(let count): [(count == 1 ? L10n.screenQueueCancelledOne : L10n.screenQueueCancelledOther)(count)]
        }
    }

    private func clean(_ text: String) -> String { TerminalSanitizer.clean(text) }
}
