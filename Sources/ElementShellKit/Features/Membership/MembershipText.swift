import MatrixClient

/// The lines of what the membership commands produced.
struct MembershipText {
    func lines(for outcome: MembershipOutcome) -> [String] {
        switch outcome {
        case .declined(let name): [L10n.screenInviteDeclined(name.shown)]
        case .created(let roomID, let alias, let name, let isEncrypted, let isSpace, let space):
            // Named as people will find it: its alias, else its name.
            [created(clean(alias ?? name ?? roomID), isEncrypted: isEncrypted, isSpace: isSpace, in: space.map(clean))]
        case .directChat(_, let userID, let isNew):
            [isNew ? L10n.screenDirectChatStarted(clean(userID)) : L10n.screenDirectChatOpened(clean(userID))]
        case .changed(let change, let userID, let name, let history):
            [membershipChanged(change, clean(userID), name.shown)] + (history.map { [Self.line(for: $0, userID: clean(userID))] } ?? [])
        case .knocked(_, let target): [L10n.screenKnockSent(clean(target))]
        case .knocks(let name, let knocks):
            knocks.isEmpty ? [L10n.screenKnocksNone(name.shown)] : [L10n.screenKnocksTitle(name.shown)] + knocks.map { "  " + Self.line(for: $0) }
        }
    }

    /// Whether an invitee got the room's history.
    static func line(for history: HistoryShare, userID: String) -> String {
        switch history {
        case .shared(let devices, let keys): L10n.screenHistoryShared(userID, keys, devices)
        case .notShared(.historyNotVisible): L10n.screenHistoryNotSharedVisibility
        case .notShared(.nothingToShare): L10n.screenHistoryNotSharedNothing
        case .notShared(.noCrossSignedDevice): L10n.screenHistoryNotSharedNoDevice(userID)
        }
    }

    /// Who knocks, by name and ID, and why where they said.
    static func line(for knock: Knock) -> String {
        let who = knock.displayName.map { L10n.commonNameWithUserID(TerminalSanitizer.clean($0), TerminalSanitizer.clean(knock.userID)) }
            ?? TerminalSanitizer.clean(knock.userID)
        return knock.reason.map { L10n.screenKnockWithReason(who, TerminalSanitizer.clean($0)) } ?? who
    }

    private func created(_ shown: String, isEncrypted: Bool, isSpace: Bool, in space: String?) -> String {
        if isSpace { return L10n.screenSpaceCreated(shown) }
        if let space { return L10n.screenRoomCreatedInSpace(shown, space) }
        return (isEncrypted ? L10n.screenRoomCreatedEncrypted : L10n.screenRoomCreated)(shown)
    }

    private func membershipChanged(_ change: MembershipChange, _ userID: String, _ roomName: String) -> String {
        switch change {
        case .invite: L10n.screenMemberInvited(userID, roomName)
        case .kick: L10n.screenMemberKicked(userID, roomName)
        case .ban: L10n.screenMemberBanned(userID, roomName)
        case .unban: L10n.screenMemberUnbanned(userID, roomName)
        }
    }

    private func clean(_ text: String) -> String { TerminalSanitizer.clean(text) }
}
