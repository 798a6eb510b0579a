import Foundation
import MatrixClient

/// Reports as lines for people. Pure: the same report and theme always give the same lines.
public struct TextRenderer: Sendable {
    public var theme: Theme
    /// The terminal's width in columns, to wrap long lines at words; `nil` leaves lines whole.
    public var width: Int?
    /// The moment of rendering: today's messages show only their time, older ones their day too.
    public var now: Date
    /// The message printed last (`MessageView.outputKey`): a picture right under it needs no name.
    public var lastMessageKey: String?

    public init(theme: Theme, width: Int? = nil, now: Date = SystemClock().date) {
        self.theme = theme
        self.width = width
        self.now = now
    }

    private var messageText: MessageText { MessageText(theme: theme, width: width, now: now) }
    private var roomList: RoomListText { RoomListText(theme: theme, width: width, now: now) }

    public func lines(for report: Report) -> [String] {
        let lines = decoratedLines(for: report)
        // The words say what a check mark or a warning sign would: read out, the sign is noise.
        guard theme.forScreenReader else { return lines }
        return lines.map { line in Self.stateSigns.first { line.hasPrefix($0) }.map { String(line.dropFirst($0.count)) } ?? line }
    }

    /// The signs some lines begin with, before the sentence that says the same.
    private static let stateSigns = ["✓ ", "⚠ "]

    private func decoratedLines(for report: Report) -> [String] {
        let lines: [String]
        switch report.content {
        case .result(_, let outcome):
            // A startup file that defines twenty aliases should not print twenty confirmations.
            if report.location != nil, outcome.isConfirmation { return [] }
            lines = self.lines(for: outcome)
        case .sessionEnded(let userID):
            lines = [theme.error(L10n.screenSessionEnded(clean(userID)))]
        case .sessionResumed(let summary):
            lines = [L10n.screenSessionResumed(clean(summary.userID), clean(summary.homeserverURL.absoluteString))]
        case .configProblem(let diagnostic):
            lines = [theme.error(L10n.commonWarning(ErrorMessages.message(for: diagnostic)))]
        case .message(let message), .messageChanged(let message):
            lines = messageText.lines(for: message)
        case .reacted(let name, let key, let reference, let excerpt):
            // A screen reader says an emoji's name rather than "emoji" or nothing.
            let who = name.shown, what = theme.forScreenReader ? SpokenMessageText.spoken(key.shown) : key.shown
            let line = if let reference {
                L10n.screenReacted(who, what, "~\(reference)")
            } else if let excerpt = excerpt?.shown {
                L10n.screenReactedToText(who, what, excerpt.count > 40 ? excerpt.prefix(39) + "…" : excerpt)
            } else {
                L10n.screenReactedUnshown(who, what)
            }
            lines = [theme.dim(line)]
        case .attention:
            lines = []
        case .mentioned(let name, let count):
            lines = [theme.bold(L10n.screenMentioned(name.shown, count))]
        case .news(let name, let messages, let mentions):
            lines = [RoomNewsText.elsewhere(roomName: name.shown, messages: messages, mentions: mentions)]
        case .invited(let invitation):
            lines = [theme.bold(InvitationText.line(for: invitation))]
        case .firstSyncUnderway:
            lines = [theme.dim(L10n.screenFirstSyncUnderway)]
        case .slidingSyncUnavailable:
            lines = [L10n.errorSlidingSyncUnavailable]
        case .pushRulesUnreadable(let count):
            lines = [L10n.errorPushRulesUnreadable(count)]
        case .firstSyncFinished(let count):
            lines = [theme.dim(L10n.screenFirstSyncFinished(count))]
        case .signInLink(let url, let opened):
            lines = [opened ? L10n.screenLoginSsoOpened : L10n.screenLoginSsoLink, theme.accent(clean(url.absoluteString)), theme.dim(L10n.screenLoginSsoWaiting)]
        case .deviceCode(let prompt):
            lines = DeviceCodeText(theme: theme).lines(for: prompt)
        case .gap(let name):
            lines = [theme.dim(L10n.screenTimelineGap(name.shown))]
        case .roomUpgraded(let name, _, let replacement):
            lines = [theme.accent(UpgradeText.line(forUpgradeOf: name, to: replacement))]
        case .knocked(let name, let knock):
            lines = [theme.accent(L10n.screenKnockArrived(MembershipText.line(for: knock), name.shown, clean(knock.userID)))]
        case .transfer(let notice):
            lines = [theme.forScreenReader ? TransferText.spokenLine(for: notice) : theme.dim(TransferText.line(for: notice))]
        case .identityChanged(let userID, let wasVerified, let rooms):
            let user = clean(userID)
            let notice = wasVerified ? L10n.screenIdentityChangedNotice(user) : L10n.screenIdentityResetNotice(user)
            lines = [theme.warning(notice)] + (rooms.isEmpty ? [] : [theme.dim(L10n.screenIdentityChangedRooms(rooms.map(\.shown).joined(separator: ", ")))])
        case .historyShared(let entry, let room):
            lines = HistoryImportText(theme: theme).lines(for: entry, room: room)
        case .sentDespiteIdentityReset(let userIDs, let room):
            lines = [theme.warning(L10n.screenIdentityResetAtSend(room.shown, userIDs.map(clean).joined(separator: ", ")))]
        case .verification(let summary):
            lines = VerificationText(theme: theme, width: width).lines(for: summary)
        case .secretsArrived(let arrival):
            lines = [theme.accent(VerificationText.secretsArrived(arrival))]
        case .restoreProgress(let done, let total) where theme.forScreenReader:
            lines = [L10n.screenSpokenBackupRestoreProgress(total > 0 ? done * 100 / total : 0)]
        case .restoreProgress(let done, let total):
            lines = [theme.dim(L10n.screenBackupRestoreProgress(done, total))]
        case .picture(let picture):
            lines = PictureText(theme: theme, lastMessageKey: lastMessageKey).lines(for: picture)
        case .previewReady(let preview):
            lines = [theme.dim(L10n.screenLinkPreviewReady)] + LinkPreviewText(theme: theme, width: width).lines(for: [preview], indent: "  ")
        case .sendProblem(_, _, let error, let delay):
            let reason = ErrorMessages.sentence(for: .matrix(error))
            lines = [theme.error(delay.map { L10n.screenSendRetrying(reason, Int($0.components.seconds) + 1) } ?? L10n.screenSendGivenUp(reason))]
        }
        guard let location = report.location, report.isFailure else { return lines }
        return [theme.dim("\(clean(location.file)):\(location.line):") + " " + lines[0]] + lines.dropFirst()
    }

    func lines(for outcome: Outcome) -> [String] {
        switch outcome {
        case .done: []
        case .help(let entries, let showsHint): help(entries, showsHint: showsHint)
        case .session(let outcome): SessionText(theme: theme).lines(for: outcome)
        case .settings(let outcome): SettingsText(theme: theme, width: width).lines(for: outcome)
        case .scripting(let outcome): ScriptingText(width: width).lines(for: outcome)
        case .message(.queued(let message)): messageText.lines(for: message)
        case .room(let outcome): RoomsText(messageText: messageText, roomList: roomList, theme: theme, width: width).lines(for: outcome)
        case .space(let outcome): SpaceText(theme: theme, width: width, roomList: roomList).lines(for: outcome)
        case .queue(let outcome): QueueText(theme: theme, width: width).lines(for: outcome)
        case .thread(let outcome): ThreadText(messageText: messageText, theme: theme).lines(for: outcome)
        case .relation(let outcome): RelationText.lines(for: outcome)
        case .media(let outcome): MediaText(theme: theme).lines(for: outcome)
        case .draft(let outcome): DraftText(width: width).lines(for: outcome)
        case .link(let outcome): LinkText(theme: theme, width: width).lines(for: outcome)
        case .notification(let outcome): NotificationText(theme: theme).lines(for: outcome)
        case .safety(let outcome): SafetyText(theme: theme).lines(for: outcome)
        case .roles(let outcome): RoleText(theme: theme).lines(for: outcome)
        case .pin(let outcome): PinText(messageText: messageText).lines(for: outcome)
        case .upgrade(let outcome): UpgradeText.lines(for: outcome)
        case .directory(let outcome): DirectoryText(theme: theme, width: width).lines(for: outcome)
        case .poll(let outcome): PollOutcomeText.lines(for: outcome)
        case .membership(let outcome): MembershipText().lines(for: outcome)
        case .encryption(let outcome): EncryptionText(theme: theme, width: width).lines(for: outcome)
        case .trust(let outcome): TrustText(theme: theme, width: width).lines(for: outcome)
        // Steps that need the user or end it are told above the prompt as they come.
        case .verification(let outcome): VerificationText(theme: theme, width: width).lines(for: outcome)
        case .developer(let outcome): DeveloperText(theme: theme, width: width).lines(for: outcome)
        // The user said no: that is news, not an error.
        case .failure(.cancelled): [L10n.errorCancelled]
        // An error's sentences break at words, not wherever the terminal's width ends.
        case .failure(let error): TextLayout.wrap(theme.error(L10n.commonErrorPrefix) + " " + ErrorMessages.message(for: error), width: width)
        }
    }

    private func help(_ entries: [HelpEntry], showsHint: Bool) -> [String] {
        guard showsHint else {
            return entries.flatMap { entry in
                let aliases = entry.aliases.isEmpty ? [] : [L10n.screenHelpAliases(entry.aliases.map { "/" + $0 }.joined(separator: ", "))]
                let variants = entry.variants.flatMap { [theme.bold($0.usage)] + table([[$0.summary]]) }
                return [theme.bold(entry.usage)] + table(([entry.summary] + entry.details + aliases).map { [$0] }) + variants
            }
        }
        let rows = entries.flatMap { entry in [[entry.usage, entry.summary]] + entry.variants.map { [$0.usage, $0.summary] } }
        return [L10n.screenHelpTitle] + table(rows) + [""] + TextLayout.wrap(L10n.screenHelpPlainLines, width: width)
    }

    private func table(_ rows: [[String]]) -> [String] {
        TextLayout.table(rows, width: width)
    }

    private func clean(_ text: String) -> String { TerminalSanitizer.clean(text) }
}

extension Outcome {
    /// Outcomes that only confirm what the user asked for, worth showing when typed but not when a
    /// script runs them.
    var isConfirmation: Bool {
        switch self {
        case .room(let outcome): outcome.isConfirmation
        case .settings(let outcome): outcome.isConfirmation
        case .scripting(let outcome): outcome.isConfirmation
        case .draft(let outcome): outcome.isConfirmation
        default: false
        }
    }
}
