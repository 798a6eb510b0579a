import Foundation
import MatrixClient

/// A message as timeline lines: `~7 [12:34] Alice: text` (`~7` is what commands take to name it),
/// `* Alice waves` for emotes, continuation lines of a multi-line body indented under the first;
/// the parent of a reply quoted in one line above, reaction counts below; `🔒` before the sender
/// of a message that arrived encrypted. Everything from the sender is sanitized.
struct MessageText {
    let theme: Theme
    /// The terminal's width: longer lines wrap at words, continuing under the text; `nil` leaves them whole.
    var width: Int?
    /// Today's messages show only their time; older ones their day too.
    var now: Date
    var calendar = Calendar.current

    func lines(for message: MessageView) -> [String] {
        let sent = theme.showsTimes ? stamp(Date(timeIntervalSince1970: Double(message.timestamp) / 1000)) : nil
        if theme.forScreenReader {
            return [SpokenMessageText(time: sent).line(for: message, body: bodyLines(of: message))]
        }
        let reference = message.reference.map { theme.dim("~\($0)") + " " } ?? ""
        let time = sent.map { theme.dim("[" + $0 + "]") + " " } ?? ""
        // A thread's message shown outside its thread says whose thread it is in.
        let thread = message.threadReference.map { theme.dim("↳~\($0)") + " " } ?? ""
        // A malformed event may name no sender at all.
        let senderName = message.senderName.isEmpty ? L10n.commonUnknownSender : message.senderName.shown
        let name = encryptionMark(message.encryption) + thread + theme.bold(senderName)
        var bodyLines = bodyLines(of: message)
        if message.msgtype == "m.notice" { bodyLines[0] = theme.dim(bodyLines[0]) }
        let head = message.msgtype == "m.emote" ? "\(reference)\(time)* \(name) \(bodyLines[0])" : "\(reference)\(time)\(name): \(bodyLines[0])"
        var marks = ""
        if message.isEdited, !message.isRedacted { marks += " " + theme.dim(L10n.screenMessageEdited) }
        let indent = String(repeating: " ", count: 8)
        var lines = ([head + marks] + bodyLines.dropFirst().map { indent + $0 }).flatMap { wrapped($0, indent: indent) }
        if let quote = message.replyQuote { lines.insert(quoteLine(quote), at: 0) }
        if !message.isRedacted {
            lines += LinkPreviewText(theme: theme, width: width).lines(for: message.previews, indent: indent)
        }
        if let summary = message.threadSummary {
            let name = summary.latestSenderName.shown
            let text = summary.replyCount == 1 ? L10n.screenThreadSummaryOne(name) : L10n.screenThreadSummaryOther(summary.replyCount, name)
            lines.append(indent + theme.dim("╰ " + text))
        }
        if !message.reactions.isEmpty {
            lines.append(indent + theme.dim(message.reactions.map { "\($0.key.shown) \($0.count)" }.joined(separator: "  ")))
        }
        return lines
    }

    /// A line cut at words to the width, what follows indented under the text.
    private func wrapped(_ line: String, indent: String) -> [String] {
        let pieces = TextLayout.wrap(line, width: width)
        guard pieces.count > 1, let width else { return pieces }
        let rest = pieces.dropFirst().joined(separator: " ")
        return [pieces[0]] + TextLayout.wrap(rest, width: width - indent.count).map { indent + $0 }
    }

    private func bodyLines(of message: MessageView) -> [String] {
        if message.isRedacted {
            return [theme.dim(message.redactionReason.map { L10n.screenMessageDeletedBecause($0.shown) } ?? L10n.screenMessageDeleted)]
        }
        if let failure = message.encryption?.failure { return [theme.dim(Self.undecryptable(failure))] }
        if let field = message.malformedField { return [theme.warning(L10n.screenMessageMalformed(TerminalSanitizer.clean(field)))] }
        if let media = message.media { return mediaLines(media, of: message) }
        if let poll = message.poll { return PollText(theme: theme).lines(for: poll, reference: message.reference) }
        // Its body is the fallback for clients that cannot verify; this one can.
        if message.msgtype == VerificationMessage.roomRequestMsgtype { return [theme.dim(L10n.screenMessageVerificationRequest)] }
        let lines = message.formattedBody.flatMap { FormattedBody.lines(fromHTML: $0.unsanitized) }?.map(theme.line)
            ?? message.body.shownLines.map(theme.linked)
        return lines.isEmpty ? [""] : lines
    }

    /// `🔒` before the sender of a message that arrived encrypted, `🔒⚠` when its sender is not
    /// proven (a device nobody verified, or a key that was imported or forwarded), `🔒↪` when its
    /// key came with the room's history from whoever invited us.
    private func encryptionMark(_ encryption: MessageEncryption?) -> String {
        guard let encryption else { return "" }
        guard encryption.isWarned else { return "🔒 " }
        if encryption.keySharedBy != nil { return "🔒" + theme.dim("↪") + " " }
        // Element's grey shield: a key that proves nothing is not the red one of a suspect device.
        return "🔒" + (encryption == .importedKey ? theme.dim("⚠") : theme.warning("⚠")) + " "
    }

    /// What stands in for the text of a message that could not be decrypted.
    static func undecryptable(_ failure: DecryptionFailure) -> String {
        switch failure {
        case .missingKey: L10n.screenMessageUndecryptableMissingKey
        case .unknownIndex: L10n.screenMessageUndecryptableUnknownIndex
        case .corrupt: L10n.screenMessageUndecryptableCorrupt
        case .unsupportedAlgorithm: L10n.screenMessageUndecryptableUnsupportedAlgorithm
        case .mismatch: L10n.screenMessageUndecryptableMismatch
        case .replayed: L10n.screenMessageUndecryptableReplayed
        case .withheldBlacklisted: L10n.screenMessageUndecryptableWithheldBlacklisted
        case .withheldUnverified: L10n.screenMessageUndecryptableWithheldUnverified
        case .withheldUnauthorised: L10n.screenMessageUndecryptableWithheldUnauthorised
        case .withheldUnavailable: L10n.screenMessageUndecryptableWithheldUnavailable
        case .withheldNoOlm: L10n.screenMessageUndecryptableWithheldNoOlm
        case .sentBeforeJoined: L10n.screenMessageUndecryptableSentBeforeJoined
        }
    }

    /// `[image] cat.png (34 KB)`, then the caption when the body is one (it differs from the file name).
    private func mediaLines(_ media: MediaInfo, of message: MessageView) -> [String] {
        let kind = Self.mediaKind(of: message.msgtype)
        let name = media.fileName.map { RemoteText($0) } ?? message.body
        let size = media.size.map { " (" + FileSizeText.text(Int64($0)) + ")" } ?? ""
        let caption = name == message.body ? [] : message.body.shownLines.filter { !$0.isEmpty }
        return [theme.dim("[\(kind)]") + " " + name.shown + theme.dim(size)] + caption
    }

    /// What kind of file a media message carries, in a word: image, sticker, video, audio, file.
    static func mediaKind(of msgtype: String) -> String {
        switch msgtype {
        case "m.image": L10n.screenMediaImage
        case MessageRecord.stickerType: L10n.screenMediaSticker
        case "m.video": L10n.screenMediaVideo
        case "m.audio": L10n.screenMediaAudio
        default: L10n.screenMediaFile
        }
    }

    /// `╭ ~3 Bob: the first line of what he wrote`, cut to a line's worth.
    private func quoteLine(_ quote: ReplyQuote) -> String {
        let firstLine = quote.decryptionFailure.map { Self.undecryptable($0) } ?? quote.body.shownLines.first { !$0.isEmpty } ?? ""
        let text = firstLine.count > 60 ? firstLine.prefix(59) + "…" : Substring(firstLine)
        let reference = quote.reference.map { "~\($0) " } ?? ""
        return theme.dim("  ╭ \(reference)\(quote.senderName.shown): \(text)")
    }

    /// `14:03` today, `20 Nov 14:03` this year, `20 Nov 2025 14:03` before, in the shell's language.
    func stamp(_ date: Date) -> String {
        // Today's is the same two-digit 24-hour time in every language the shell speaks, and ICU's
        // date formatter costs a one-shot run about 4 ms to set up.
        if calendar.isDate(date, inSameDayAs: now) {
            let time = calendar.dateComponents([.hour, .minute], from: date)
            return Self.twoDigits(time.hour ?? 0) + ":" + Self.twoDigits(time.minute ?? 0)
        }
        let language = L10n.languageOverride ?? L10n.language
        // The source language is British English: a 24-hour clock and the day before the month.
        let locale = Locale(identifier: language == "en" ? "en_GB" : language)
        var style = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone)
            .hour(.twoDigits(amPM: .omitted)).minute(.twoDigits).day().month(.abbreviated)
        if calendar.component(.year, from: date) != calendar.component(.year, from: now) { style = style.year() }
        return date.formatted(style)
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : String(number)
    }
}
