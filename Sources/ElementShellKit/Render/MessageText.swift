import Foundation

/// A message as timeline lines: `[12:34] Alice: text`, `* Alice waves` for emotes, continuation
/// lines of a multi-line body indented under the first. Everything from the sender is sanitized.
struct MessageText {
    let theme: Theme
    /// Today's messages show only their time; older ones their day too.
    var now = Date()
    var calendar = Calendar.current

    func lines(for message: MessageView) -> [String] {
        let time = theme.dim("[" + stamp(Date(timeIntervalSince1970: Double(message.timestamp) / 1000)) + "]")
        let name = theme.bold(TerminalSanitizer.clean(message.senderName))
        let bodyLines = message.formattedBody.flatMap(FormattedBody.lines(fromHTML:))?.map(theme.line)
            ?? message.body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { TerminalSanitizer.clean(String($0)) }
        var first = bodyLines.first ?? ""
        if message.msgtype == "m.notice" { first = theme.dim(first) }
        let head = message.msgtype == "m.emote" ? "\(time) * \(name) \(first)" : "\(time) \(name): \(first)"
        let pending = message.isPending ? " " + theme.dim(L10n.screenMessagePending) : ""
        let indent = String(repeating: " ", count: 8)
        return [head + pending] + bodyLines.dropFirst().map { indent + $0 }
    }

    /// `14:03` today, `20 Nov 14:03` this year, `20 Nov 2025 14:03` before, in the shell's language.
    func stamp(_ date: Date) -> String {
        let language = L10n.languageOverride ?? L10n.language
        // The source language is British English: a 24-hour clock and the day before the month.
        let locale = Locale(identifier: language == "en" ? "en_GB" : language)
        var style = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone)
            .hour(.twoDigits(amPM: .omitted)).minute(.twoDigits)
        if !calendar.isDate(date, inSameDayAs: now) {
            style = style.day().month(.abbreviated)
            if calendar.component(.year, from: date) != calendar.component(.year, from: now) { style = style.year() }
        }
        return date.formatted(style)
    }
}
