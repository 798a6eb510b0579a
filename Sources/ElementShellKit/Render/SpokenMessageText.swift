import MatrixClient

/// A message as one plain line for a screen reader or a braille display (`screen_reader`): who
/// first, then what, what marks it in words, its time, and last the `~N` that commands take:
///
///     Alice: see you at six (edited, encrypted), 14:03, ~7
///     Bob, replying to Alice: on my way, 14:04, Carol and 1 other reacted with thumbs up sign, ~8
struct SpokenMessageText {
    /// When it was sent, as the timeline shows it; `nil` when `message_times` is off.
    let time: String?

    /// `body`: the message's text as `MessageText` reads it (a deletion or an unread message in
    /// words already).
    func line(for message: MessageView, body: [String]) -> String {
        let name = message.senderName.isEmpty ? L10n.commonUnknownSender : message.senderName.shown
        let who = if let quote = message.replyQuote {
            L10n.screenSpokenReplying(name, quote.senderName.shown)
        } else if let root = message.threadReference {
            L10n.screenSpokenInThread(name, "~\(root)")
        } else {
            name
        }
        let text = message.media.map { Self.media($0, of: message) } ?? body.filter { !$0.isEmpty }.joined(separator: " ")
        var marks: [String] = []
        if message.isEdited, !message.isRedacted { marks.append(L10n.screenSpokenEdited) }
        if let encryption = message.encryption, let words = Self.encryption(encryption) { marks.append(words) }
        let head = (message.msgtype == "m.emote" ? "\(who) \(text)" : "\(who): \(text)") + (marks.isEmpty ? "" : " (\(marks.joined(separator: ", ")))")
        var parts = [head] + (time.map { [$0] } ?? [])
        let named = message.reactions.filter { $0.firstSenderName != nil }
        let counted = message.reactions.filter { $0.firstSenderName == nil }
        parts += named.map(Self.reacted)
        if !counted.isEmpty {
            parts.append(L10n.screenSpokenReactions(counted.map { "\(Self.spoken($0.key.shown)) \($0.count)" }.joined(separator: ", ")))
        }
        if let reference = message.reference { parts.append("~\(reference)") }
        return parts.joined(separator: ", ")
    }

    /// `Bob and 2 others reacted with thumbs up sign`.
    private static func reacted(_ reaction: ReactionCount) -> String {
        let name = reaction.firstSenderName?.shown ?? "", key = spoken(reaction.key.shown)
        return switch reaction.count {
        case ...1: L10n.screenSpokenReactedOne(name, key)
        case 2: L10n.screenSpokenReactedTwo(name, key)
        default: L10n.screenSpokenReactedMany(name, reaction.count - 1, key)
        }
    }

    /// `image cat.png, 34 KB`, and the caption where the body is one.
    private static func media(_ media: MediaInfo, of message: MessageView) -> String {
        let kind = MessageText.mediaKind(of: message.msgtype)
        let name = media.fileName.map { RemoteText($0) } ?? message.body
        var said = "\(kind) \(name.shown)"
        if let size = media.size { said += ", " + FileSizeText.text(Int64(size)) }
        if name != message.body { said += ": " + message.body.shownLines.filter { !$0.isEmpty }.joined(separator: " ") }
        return said
    }

    /// What the lock and the warning say; nothing for an unread message, whose text says why.
    private static func encryption(_ encryption: MessageEncryption) -> String? {
        switch encryption {
        case .trusted, .unverifiedIdentity: L10n.screenSpokenEncrypted
        case .unsignedDevice: L10n.screenSpokenEncryptedUnverifiedDevice
        case .identityChanged: L10n.screenSpokenEncryptedIdentityChanged
        case .importedKey: L10n.screenSpokenEncryptedKeyImported
        case .sharedHistory(let sharer): L10n.screenSpokenEncryptedHistoryShared(TerminalSanitizer.clean(sharer))
        case .undecryptable: nil
        }
    }

    /// An emoji by its Unicode name (`thumbs up sign`), other text as it is.
    static func spoken(_ key: String) -> String {
        let pictures = key.unicodeScalars.filter { $0.properties.isEmojiPresentation || ($0.properties.isEmoji && $0.value > 0xFF) }
        guard !pictures.isEmpty, key.unicodeScalars.allSatisfy({ $0.properties.isEmoji || $0.properties.isVariationSelector || $0.value == 0x200D }) else {
            return key
        }
        return pictures.compactMap { $0.properties.name?.lowercased() }.joined(separator: " ")
    }
}
