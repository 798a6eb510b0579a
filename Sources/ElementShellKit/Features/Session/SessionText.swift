/// The lines of what the session's commands produced.
struct SessionText {
    let theme: Theme

    func lines(for outcome: SessionOutcome) -> [String] {
        switch outcome {
        case .loggedIn(let summary):
            [L10n.screenLoginSuccess(clean(summary.userID), clean(summary.deviceID ?? "?"), clean(summary.homeserverURL.absoluteString))]
        case .loggedOut(let userID): [L10n.screenLogoutSuccess(clean(userID))]
        case .whoami(let summary):
            [L10n.screenWhoami(clean(summary.userID), clean(summary.deviceID ?? "?"), clean(summary.homeserverURL.absoluteString))]
                + (summary.syncMethod.map { [$0 == .sliding ? L10n.screenWhoamiSyncSliding : L10n.screenWhoamiSyncV3] } ?? [])
        case .displayName(let name?, _, let changed): [changed ? L10n.screenNickChanged(name.shown) : L10n.screenNick(name.shown)]
        case .displayName(nil, let userID, _): [L10n.screenNickNone(clean(userID))]
        case .accountManagement(let url): [L10n.screenAccountManagement(theme.accent(clean(url.absoluteString)))]
        }
    }

    private func clean(_ text: String) -> String { TerminalSanitizer.clean(text) }
}
