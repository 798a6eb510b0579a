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
