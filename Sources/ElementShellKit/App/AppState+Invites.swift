/// Invites: told when they arrive, and recorded as direct chats when accepted.
extension AppState {
    /// An invite marked `is_direct` that was just accepted becomes a direct chat with its inviter
    /// in the account's `m.direct`, as Element records it: `/dm` and `/verify` then find it, and
    /// `/rooms` lists it as direct. Read from the server first, so whoever wrote it last keeps
    /// their rooms. The join has happened: a failure to record it is logged, not the command's.
    func recordDirectChat(accepted invite: RoomRecord, through service: any RoomService) async {
        guard invite.isDirect, let inviter = invite.heroes.first else { return }
        do {
            var chats = try await service.directChats()
            guard !chats.rooms(with: inviter).contains(invite.roomID) else { return }
            chats.add(invite.roomID, with: inviter)
            try await service.setDirectChats(chats)
        } catch {
            logger.warning("Joined \(invite.roomID), a direct chat with \(inviter), but m.direct could not be updated (\(ErrorCodes.code(for: .matrix(error))))")
        }
    }

    /// Tells each new invite, with its number in `/rooms` as it now stands.
    func announceInvites(_ arrived: [RoomRecord]) {
        guard !arrived.isEmpty else { return }
        let listed = listedRooms.map(\.roomID)
        for room in arrived {
            guard let inviterID = room.heroes.first else { continue }
            let inviterName = room.heroNames.first.flatMap { $0.isEmpty ? nil : $0 }
            let number = listed.firstIndex(of: room.roomID).map { $0 + 1 }
            report(Report(content: .invited(Invitation(roomID: room.roomID, inviterID: inviterID, inviterName: inviterName,
                                                       roomName: room.name ?? room.canonicalAlias, isDirect: room.isDirect, number: number)),
                          location: nil))
        }
    }
}
