import MatrixClient

/// Invites: told when they arrive, and recorded as direct chats when accepted.
extension AppState {
    /// An invite marked `is_direct` that was just accepted becomes a direct chat with its inviter
    /// in the account's `m.direct`, as Element records it: `/dm` and `/verify` then find it, and
    /// `/rooms` lists it as direct. Read from the server first, so whoever wrote it last keeps
    /// their rooms. The join has happened: a failure to record it is logged, not the command's.
    func recordDirectChat(accepted invite: RoomRecord, through service: any RoomService) async {
        guard invite.isDirect, let inviter = invite.heroes.first else { return }
        do {
            try await recordDirectChat(invite.roomID, with: inviter, in: service.directChats(), through: service)
        } catch {
            logger.warning("Joined \(invite.roomID), a direct chat with \(inviter), but m.direct could not be updated (\(ErrorCodes.code(for: .matrix(error))))")
        }
    }

    /// Adds the room to `chats`, the account's `m.direct` as just read, under `userID`, and then
    /// to this device's store and rooms at once: `/rooms` calls it direct and `/dm` finds it
    /// before sync brings the change back, which a busy server may take a while to do.
    func recordDirectChat(_ roomID: String, with userID: String, in chats: DirectChats, through service: any RoomService)
        async throws(MatrixError) {
        if !chats.rooms(with: userID).contains(roomID) {
            var chats = chats
            chats.add(roomID, with: userID)
            try await service.setDirectChats(chats)
        }
        do {
            try await state.store?.addDirectRoom(roomID)
        } catch {
            logger.error("The direct chat \(roomID) could not be stored: \(String(describing: error))")
        }
        commit { $0.rooms[roomID]?.isDirect = true }
    }

    /// Tells each new invite, with its number in `/rooms` as it now stands.
    func announceInvites(_ arrived: [RoomRecord]) {
        guard !arrived.isEmpty else { return }
        let listed = listedRooms.map(\.roomID)
        for room in arrived {
            guard let inviterID = room.heroes.first else { continue }
            let inviterName = room.heroNames.first.flatMap { $0.isEmpty ? nil : RemoteText($0) }
            let number = listed.firstIndex(of: room.roomID).map { $0 + 1 }
            report(Report(content: .invited(Invitation(roomID: room.roomID, inviterID: inviterID, inviterName: inviterName,
                                                       roomName: (room.name ?? room.canonicalAlias).map { RemoteText($0) }, isDirect: room.isDirect, number: number)),
                          location: nil))
        }
    }
}
