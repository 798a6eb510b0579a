import MatrixClient

/// Encrypted history shared on invite (MSC4268): given to whom the user invites, taken from
/// whom the user accepted an invite.
extension AppState {
    /// Shares the encrypted room's history with the invitee, when the setting allows; `nil` when
    /// not tried (the room is not encrypted, the setting is off). A failure is logged and said as
    /// not shared: the invite goes on.
    func shareHistory(of roomID: String, with userID: String) async -> HistoryShare? {
        guard state.profile.settings.shareHistoryOnInvite, state.rooms[roomID]?.encryption != nil, let crypto = state.crypto else { return nil }
        do throws(MatrixError) {
            return try await crypto.shareHistory(ofRoom: roomID, with: userID)
        } catch {
            logger.warning("The history of \(roomID) was not shared with \(userID): \(ErrorCodes.code(for: .matrix(error)))")
            return nil
        }
    }

    /// The invite just accepted: its inviter's room key bundle is imported, now if it is here,
    /// and the stored messages it makes readable are shown again.
    func importSharedHistory(ofAccepted invite: RoomRecord) async {
        guard let crypto = state.crypto, let inviter = invite.heroes.first else { return }
        await show(await crypto.acceptedInvite(to: invite.roomID, from: inviter), from: crypto)
    }

    /// Bundles whose sender's device was just verified here are imported.
    func importSharedHistoryNow() async {
        guard let crypto = state.crypto else { return }
        await show(await crypto.importSharedHistory(), from: crypto)
    }

    /// Tells what came of the bundles, then shows again the stored messages they made readable.
    private func show(_ imported: (imports: [HistoryImport], sessions: Set<String>), from crypto: CryptoMachine) async {
        reportHistoryImports(imported.imports)
        if !imported.sessions.isEmpty, let late = await crypto.retryUndecrypted(sessionIDs: imported.sessions) { await apply(.decrypted(late)) }
    }

    func reportHistoryImports(_ imports: [HistoryImport]) {
        for entry in imports {
            report(Report(content: .historyShared(entry, room: roomName(of: entry.roomID)), location: nil))
        }
    }
}
