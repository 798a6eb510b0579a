/// The pin commands' results as lines.
struct PinText {
    let messageText: MessageText

    func lines(for outcome: PinOutcome) -> [String] {
        switch outcome {
        case .list(let roomName, let pins):
            guard !pins.isEmpty else { return [L10n.screenPinsNone(roomName.shown)] }
            return [L10n.screenPinsTitle(roomName.shown, pins.count)] + pins.flatMap { pin in
                switch pin {
                case .message(let view): messageText.lines(for: view)
                case .unavailable(let eventID, let number): [L10n.screenPinsUnavailable("~\(number)", TerminalSanitizer.clean(eventID))]
                }
            }
        case .changed(let number, let eventID, let isPinned, let changed, let count, let roomName):
            let message = number.map { "~\($0)" } ?? TerminalSanitizer.clean(eventID)
            return switch (isPinned, changed) {
            case (true, true): [L10n.screenPinDone(message, roomName.shown, count)]
            case (true, false): [L10n.screenPinAlready(message)]
            case (false, _): [L10n.screenUnpinDone(message, roomName.shown, count)]
            }
        }
    }
}
