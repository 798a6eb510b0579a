/// The safety commands' results as lines. User IDs are the server's text: sanitized.
struct SafetyText {
    let theme: Theme

    func lines(for outcome: SafetyOutcome) -> [String] {
        switch outcome {
        case .ignored(let userIDs, let changed):
            if let changed {
                return [changed.isIgnored ? L10n.screenIgnoreDone(clean(changed.userID)) : L10n.screenIgnoreUndone(clean(changed.userID))]
            }
            return [userIDs.isEmpty ? L10n.screenIgnoredNone : L10n.screenIgnoredList(userIDs.map(clean).joined(separator: ", "))]
        case .invites(let blocked, _, let pending):
            let setting = blocked ? L10n.screenInvitesBlocked : L10n.screenInvitesAllowed
            guard !pending.isEmpty else { return [setting, L10n.screenInvitesNonePending] }
            return [setting] + pending.map { L10n.screenInvitesPending($0.number, $0.room.name.shown) }
        }
    }

    private func clean(_ text: String) -> String {
        TerminalSanitizer.clean(text)
    }
}
