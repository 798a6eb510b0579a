/// The safety commands' results as lines. User IDs are the server's text: sanitized.
public struct SafetyText {
    let theme: Theme

    func lines(for outcome: SafetyOutcome) -> [String] {
        switch outcome {
        case .ignored(let userIDs, let changed):
            if let changed {
                return [changed.isIgnored ? L10n.screenIgnoreDone(clean(changed.userID)) : L10n.screenIgnoreUndone(clean(changed.userID))]
            }
            return [userIDs.isEmpty ? L10n.screenIgnoredNone : L10n.screenIgnoredList(userIDs.map(clean).joined(separator: ", "))]
        case .reported(let item):
            return [L10n.screenReportDone(Self.name(of: item))]
        case .invites(let blocked, _, let pending):
            let setting = blocked ? L10n.screenInvitesBlocked : L10n.screenInvitesAllowed
            guard !pending.isEmpty else { return [setting, L10n.screenInvitesNonePending] }
            return [setting] + pending.map { L10n.screenInvitesPending($0.number, $0.room.name.shown) }
        }
    }

    /// How a confirmation and the result name what is reported.
    public static func name(of item: ReportedItem) -> String {
        switch item {
        case .message(let reference, let senderName, eventID: _, roomID: _): L10n.screenReportMessage(TerminalSanitizer.clean(reference), senderName.shown)
        case .room(let name, roomID: _): L10n.screenReportRoom(name.shown)
        case .user(let userID): TerminalSanitizer.clean(userID)
        }
    }

    private func clean(_ text: String) -> String {
        TerminalSanitizer.clean(text)
    }
}
