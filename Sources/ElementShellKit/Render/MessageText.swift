import Foundation

/// A message as timeline lines: `[12:34] Alice: text`, `* Alice waves` for emotes, continuation
/// lines of a multi-line body indented under the first. Everything from the sender is sanitized.
struct MessageText {
    let theme: Theme

    private static let clock: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return formatter
    }()

    func lines(for message: MessageView) -> [String] {
        let time = theme.dim("[" + Self.clock.string(from: Date(timeIntervalSince1970: Double(message.timestamp) / 1000)) + "]")
        let name = theme.bold(TerminalSanitizer.clean(message.senderName))
        let bodyLines = message.body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { TerminalSanitizer.clean(String($0)) }
        var first = bodyLines.first ?? ""
        if message.msgtype == "m.notice" { first = theme.dim(first) }
        let head = message.msgtype == "m.emote" ? "\(time) * \(name) \(first)" : "\(time) \(name): \(first)"
        let pending = message.isPending ? " " + theme.dim(L10n.screenMessagePending) : ""
        let indent = String(repeating: " ", count: 8)
        return [head + pending] + bodyLines.dropFirst().map { indent + $0 }
    }
}
