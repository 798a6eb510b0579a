import MatrixClient

extension AppState {
    func send(_ action: MembershipAction, in context: CommandContext) async -> Bool {
        switch action {
        case .accept(let target): await answerInvite(target, accepting: true, as: context.signedIn)
        case .decline(let target): await answerInvite(target, accepting: false, as: context.signedIn)
        case .create(let creation, let space): await create(creation, inSpace: space, as: context.signedIn)
        case .directChat(let user, let forced): await openDirectChat(with: user, forced: forced, as: context.signedIn)
        case .change(let change, let user, let reason, let target, let forced):
            switch actingRoom(target, in: context) {
            // Names are those of the open room's members; in another room only a Matrix ID is sure.
            case .success(let room):
                await apply(change, to: user, reason: reason, forced: forced, in: room, names: target == nil ? state.memberNames : [:])
            case .failure(let error): finish(.failure(error))
            }
        case .knock(let target, let reason): await knock(target, reason: reason, as: context.signedIn)
        case .knocks: await listKnocks(in: context.openRoom)
        }
    }

    private func answerInvite(_ target: String?, accepting: Bool, as signedIn: SessionContext) async -> Bool {
        let room: RoomRecord
        switch invite(named: target) {
        case .success(let found): room = found
        case .failure(let error): return finish(.failure(error))
        }
        let service = signedIn.services.rooms
        do {
            if accepting {
                let roomID = try await service.join(RoomAddress(idOrAlias: room.roomID))
                await recordDirectChat(accepted: room, through: service)
                await importSharedHistory(ofAccepted: room)
                await enter(roomID, as: signedIn, name: room.name)
                return finish(.room(.joined(roomID: roomID, roomName: RoomName.text(of: room))))
            }
            try await service.leave(roomID: room.roomID)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        commit { state in
            if state.currentRoomID == room.roomID { state.currentRoomID = nil }
        }
        return finish(.membership(.declined(roomName: RoomName.text(of: room))))
    }

    /// The invite `/accept` and `/decline` mean: the room named, else the open room when it is an
    /// invite, else the first invite in `/rooms` order.
    private func invite(named target: String?) -> Result<RoomRecord, ShellError> {
        if let target {
            guard let room = findRoom(target) else { return .failure(.unknownRoom(target)) }
            return room.membership == .invite ? .success(room) : .failure(.notInvited(roomName: RoomName.text(of: room)))
        }
        if let open = state.currentRoomID.flatMap({ state.rooms[$0] }), open.membership == .invite { return .success(open) }
        return listedRooms.first { $0.membership == .invite }.map { .success($0) } ?? .failure(.noInvites)
    }

    /// Opens the joined direct chat with the user that the account's `m.direct` names; without one,
    /// starts one, encrypted as Element starts them, and adds it there, as other clients expect.
    /// `m.direct` is read from the server, not the store: what is written back must be the newest,
    /// whoever changed it last.
    /// Unless `forced`, the user is looked up first: nothing is created for one not found.
    private func openDirectChat(with user: String, forced: Bool, as signedIn: SessionContext) async -> Bool {
        guard let userID = MemberLookup.userID(for: user, among: state.memberNames) else { return finish(.failure(.unknownUser(user))) }
        guard userID != signedIn.session.userID else { return finish(.failure(.directChatWithSelf)) }
        if !forced, let refusal = await lookUp(userID, for: .dm, through: signedIn.services.rooms) { return finish(.failure(refusal)) }
        do {
            let chat = try await directChat(with: userID, as: signedIn)
            if !chat.isNew {
                // Read before it opens, so what sync brings meanwhile came before it did.
                let members = (try? await signedIn.store.members(of: chat.roomID)) ?? []
                makeCurrent(chat.roomID, names: MemberNames.unique(members))
            }
            return finish(chat.unrecorded.map { .failure(.matrix($0)) } ?? .membership(.directChat(roomID: chat.roomID, userID: userID, isNew: chat.isNew)))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// The joined direct chat with the user, or a new one, which opens. `unrecorded`: the new
    /// chat could not be added to `m.direct` (it is there all the same).
    func directChat(with userID: String, as signedIn: SessionContext) async throws(MatrixError)
        -> (roomID: String, isNew: Bool, unrecorded: MatrixError?) {
        let service = signedIn.services.rooms
        let chats = try await service.directChats()
        if let roomID = chats.rooms(with: userID).first(where: { state.rooms[$0]?.membership == .join }) { return (roomID, false, nil) }
        let roomID = try await service.createRoom(RoomCreation(directChatPartner: userID, isEncrypted: true))
        var unrecorded: MatrixError?
        do {
            try await recordDirectChat(roomID, with: userID, in: chats, through: service)
        } catch {
            unrecorded = error
        }
        await enter(roomID, as: signedIn, encryption: RoomEncryption())
        return (roomID, true, unrecorded)
    }

    /// Invites, kicks, bans or unbans in the room, once its power levels allow it: a refusal
    /// names the level needed, which the server's would not.
    /// An invite, unless `forced`, looks the user up first.
    private func apply(_ change: MembershipChange, to user: String, reason: String?, forced: Bool, in room: RoomContext,
                       names: [String: String]) async -> Bool {
        guard let userID = MemberLookup.userID(for: user, among: names) else { return finish(.failure(.unknownUser(user))) }
        if change == .invite, !forced, let refusal = await lookUp(userID, for: .invite, through: room.services.rooms) {
            return finish(.failure(refusal))
        }
        var history: HistoryShare?
        if let error = await apply(change, to: userID, in: room.roomID, reason: reason, by: room.session.userID, through: room.services.rooms,
                                   beforeChange: { [unowned self] in
                                       // Before the invite, as Element X does: the invitee's devices hold the keys once they accept.
                                       if change == .invite { history = await shareHistory(of: room.roomID, with: userID) }
                                   }) {
            return finish(.failure(error))
        }
        return finish(.membership(.changed(change, userID: userID, roomName: roomName(of: room.roomID), history: history)))
    }

    /// Why `command` may not go on for the user: their server does not know them (or could not be
    /// asked); `nil` when it may. `!` skips this, for a server that hides its users' profiles.
    func lookUp(_ userID: String, for command: CommandName, through service: any RoomService) async -> ShellError? {
        do {
            return try await service.userExists(userID) ? nil : .userNotFound(userID, command: command.rawValue)
        } catch {
            return .matrix(error)
        }
    }

    /// Applies the change once the room's power levels allow it, `beforeChange` between the two;
    /// `nil` when done, else why not.
    func apply(_ change: MembershipChange, to userID: String, in roomID: String, reason: String?, by actor: String,
               through service: any RoomService, beforeChange: () async -> Void = {}) async -> ShellError? {
        do {
            if let refusal = try await service.powerLevels(roomID: roomID).refusal(of: change, by: actor, to: userID) {
                return .notPermitted(change.command, refusal)
            }
            await beforeChange()
            try await service.change(change, of: userID, in: roomID, reason: reason)
            return nil
        } catch {
            // The invitee's server answers for them: said in their terms, not the server's.
            if case .server(InvitePermission.blockedErrcode, _, _) = error { return .inviteBlocked(userID: userID) }
            return .matrix(error)
        }
    }
}
