import MatrixClient

extension AppState {
    func send(_ action: SafetyAction, in context: CommandContext) async -> Bool {
        let signedIn = context.signedIn
        switch action {
        case .ignored:
            return finish(.safety(.ignored(state.ignoredUsers.sorted(), changed: nil)))
        case .ignore(let user, let confirmed):
            guard let userID = MemberLookup.userID(for: user, among: state.memberNames) else { return finish(.failure(.unknownUser(user))) }
            guard userID != signedIn.session.userID else { return finish(.failure(.ignoringSelf)) }
            if !confirmed, !state.ignoredUsers.contains(userID), let refusal = await lookUp(userID, for: .ignore, through: signedIn.services.rooms) {
                return finish(.failure(refusal))
            }
            return await setIgnored(true, userID: userID, through: signedIn.services.safety)
        case .report(let target, let reason, let confirmed):
            return await report(target, reason: reason, confirmed: confirmed, in: context)
        case .invites(let block):
            return await invites(block: block, through: signedIn.services.safety)
        case .unignore(let user):
            // Someone ignored is no member to name: only their ID, as `/ignored` lists it.
            guard state.ignoredUsers.contains(user) else { return finish(.failure(.notIgnored(user))) }
            return await setIgnored(false, userID: user, through: signedIn.services.safety)
        }
    }

    /// `/invites`: what the server says of the setting, read each time (another client may change
    /// it, and sync does not bring it before the next start). A server that cannot block invites
    /// is told, not written to: it would keep the setting and let every invite through.
    private func invites(block: Bool?, through service: any SafetyService) async -> Bool {
        do {
            guard var blocked = try await service.invitesBlocked() else { return finish(.failure(.inviteBlockingUnsupported)) }
            if let block, block != blocked {
                try await service.setInvitesBlocked(block)
                blocked = block
            }
            let pending = NumberedRoom.numbering(listedRooms.map(entry)).filter { $0.room.membership == .invite }
            return finish(.safety(.invites(blocked: blocked, changed: block != nil, pending: pending)))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// `/report`: what is named is found first (a message shown, a room known, a member), then,
    /// once the user said yes, sent. A server without the endpoint is said as such.
    private func report(_ target: ReportTarget, reason typed: String, confirmed: Bool, in context: CommandContext) async -> Bool {
        let (item, report, reason): (ReportedItem, AbuseReport, String)
        switch target {
        case .message(let reference):
            let roomID = context.openRoom.roomID
            do {
                let message = try await message(reference, in: roomID)
                item = .message(reference: reference.text, senderName: view(of: message).senderName, eventID: message.eventID, roomID: roomID)
                (report, reason) = (.event(eventID: message.eventID, roomID: roomID), typed)
            } catch {
                return finish(.failure(error))
            }
        case .room(let named, let orReason):
            if let named, let roomID = named.hasPrefix("!") ? named : findRoom(named)?.roomID {
                item = .room(name: roomName(of: roomID), roomID: roomID)
                (report, reason) = (.room(roomID: roomID), typed)
            } else {
                // No room named: the open one, and all that followed `--room` is the reason.
                guard let openID = state.currentRoomID else { return finish(.failure(.noRoomOpen)) }
                item = .room(name: roomName(of: openID), roomID: openID)
                (report, reason) = (.room(roomID: openID), orReason)
            }
        case .user(let user):
            guard let userID = MemberLookup.userID(for: user, among: state.memberNames) else { return finish(.failure(.unknownUser(user))) }
            (item, report, reason) = (.user(userID: userID), .user(userID: userID), typed)
        }
        if !confirmed {
            switch await environment.confirm(.report(item)) {
            case true?: break
            case false?: return finish(.failure(.cancelled))
            case nil: return finish(.failure(.confirmationRequired(command: CommandName.report.rawValue)))
            }
        }
        do {
            try await context.signedIn.services.safety.report(report, reason: reason)
        } catch {
            // An endpoint the server does not have: older than the spec version that brought it.
            if case .server("M_UNRECOGNIZED", _, _) = error { return finish(.failure(.reportUnsupported)) }
            return finish(.failure(.matrix(error)))
        }
        return finish(.safety(.reported(item)))
    }

    private func setIgnored(_ ignored: Bool, userID: String, through service: any SafetyService) async -> Bool {
        let listed: Set<String>
        do {
            listed = try await service.setIgnored(ignored, userID: userID)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        useIgnoredUsers(listed)
        return finish(.safety(.ignored(listed.sorted(), changed: IgnoreChange(userID: userID, isIgnored: ignored))))
    }

    /// Takes the list of those ignored. The rooms held in memory are read again from the store,
    /// which leaves out (or brings back) their messages and reactions.
    func useIgnoredUsers(_ userIDs: Set<String>) {
        guard userIDs != state.ignoredUsers else { return }
        commit { state in
            state.ignoredUsers = userIDs
            for roomID in state.timelines.keys { state.timelines[roomID]?.startOver() }
        }
    }
}
