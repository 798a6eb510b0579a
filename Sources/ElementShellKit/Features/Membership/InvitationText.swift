/// The line that tells an invite: who sent it (their name, where known, with their ID), to what,
/// and the `/accept` that takes it (its number in `/rooms`, else its ID).
enum InvitationText {
    static func line(for invitation: Invitation) -> String {
        let inviterID = TerminalSanitizer.clean(invitation.inviterID)
        let inviter = invitation.inviterName.map { "\($0.shown) (\(inviterID))" } ?? inviterID
        let accept = invitation.number.map(String.init) ?? invitation.roomID
        if invitation.isDirect { return L10n.screenInviteDirect(inviter, accept) }
        guard let roomName = invitation.roomName else { return L10n.screenInviteUnnamedRoom(inviter, accept) }
        return L10n.screenInviteRoom(inviter, roomName.shown, accept)
    }
}
