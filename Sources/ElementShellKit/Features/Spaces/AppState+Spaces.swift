import MatrixClient

extension AppState {
    /// How many `/hierarchy` pages `/space` reads at most (50 rooms each): a huge space lists its start.
    static let hierarchyPageLimit = 10

    func send(_ action: SpaceAction, in signedIn: SessionContext) async -> Bool {
        switch action {
        case .list: finish(.space(.list(spaces.map(RoomEntry.init))))
        case .hierarchy(let target): await showHierarchy(of: target, through: signedIn.services)
        case .kick(let target, let user, let reason): await kick(user, fromSpace: target, reason: reason, as: signedIn)
        case .create(let creation): await create(creation, inSpace: nil, as: signedIn)
        case .add(let space, let room, let suggested, let order): await add(room, to: space, suggested: suggested, order: order, as: signedIn)
        case .remove(let space, let room): await remove(room, from: space, as: signedIn)
        }
    }

    /// The session's spaces in `/rooms` order, which `/space N` counts.
    var spaces: [RoomRecord] {
        RoomOrder.sorted(state.rooms.values.filter(\.isSpace))
    }

    /// A space we are in, found as `/space` finds them.
    func joinedSpace(_ target: String) -> RoomRecord? {
        RoomLookup.find(target, in: spaces.filter { $0.membership == .join })
    }

    private func showHierarchy(of target: String, through services: SessionServices) async -> Bool {
        // A space we are not in may still be shown to us (a public one), so an ID will do.
        guard let spaceID = RoomLookup.find(target, in: spaces)?.roomID ?? (target.hasPrefix("!") ? target : nil) else {
            return finish(.failure(.unknownSpace(target)))
        }
        let service = services.rooms
        var pages: [SpaceHierarchyPage] = []
        do {
            var token: String?
            repeat {
                let page = try await service.hierarchy(of: spaceID, from: token)
                pages.append(page)
                token = page.next
            } while token != nil && pages.count < Self.hierarchyPageLimit
        } catch {
            return finish(.failure(.matrix(error)))
        }
        let listed = SpaceHierarchy(spaceID: spaceID, pages: pages, memberships: state.rooms.mapValues(\.membership))
        // The rooms we are in show what waits in them and their newest message, as in /rooms.
        let previews = await previews(of: listed.rooms.filter { $0.membership == .join }.map(\.roomID))
        let shown = listed.rooms.map { room in
            guard room.membership == .join, let record = state.rooms[room.roomID] else { return room }
            var shown = room
            (shown.notificationCount, shown.highlightCount, shown.latest) = (record.notificationCount, record.highlightCount, previews[room.roomID])
            return shown
        }
        commit { $0.shownJoinableRooms = shown }
        let name = state.rooms[spaceID].map(RoomName.of) ?? listed.space?.displayName ?? spaceID
        return finish(.space(.hierarchy(spaceName: RemoteText(name), rooms: shown, isComplete: pages.last?.next == nil,
                                      offersManagement: state.profile.developer.spaceSettingsEnabled)))
    }

    /// `/join N` after `/space` or `/directory`: the Nth room listed (its `via` names the servers
    /// to join through).
    func shownJoinableRoom(_ target: String) -> SpaceRoomEntry? {
        guard let number = Int(target), state.shownJoinableRooms.indices.contains(number - 1) else { return nil }
        return state.shownJoinableRooms[number - 1]
    }

    /// Clap's space member management: the user leaves the space and each of its rooms we are in
    /// too, one kick at a time, each room's power levels checked first; an invite still pending
    /// there is revoked the same way (a kick of an invited user). Rooms the user is neither in nor
    /// invited to are left alone; each other room reports how it went.
    private func kick(_ user: String, fromSpace target: String, reason: String?, as signedIn: SessionContext) async -> Bool {
        guard let space = RoomLookup.find(target, in: spaces), space.membership == .join else {
            return finish(.failure(.unknownSpace(target)))
        }
        guard let userID = MemberLookup.userID(for: user, among: state.memberNames) else { return finish(.failure(.unknownUser(user))) }
        let service = signedIn.services.rooms
        var results: [SpaceKickResult] = []
        for room in [space] + SpaceGrouping.children(of: space, in: state.rooms) {
            // Ctrl-C stops the round; what was done so far is still reported.
            guard !Task.isCancelled else { break }
            var result = SpaceKickResult(roomID: room.roomID, roomName: RoomName.text(of: room))
            do {
                let membership = try await service.state("m.room.member", stateKey: userID, of: room.roomID)?["membership"]?.string
                guard membership == "join" || membership == "invite" else { continue }
                result.wasInvited = membership == "invite"
            } catch {
                results.append(result.failed(.matrix(error)))
                continue
            }
            let failure = await apply(.kick, to: userID, in: room.roomID, reason: reason, by: signedIn.session.userID, through: service)
            results.append(result.failed(failure))
        }
        let succeeded = finish(.space(.kicked(userID: userID, spaceName: RoomName.text(of: space), results: results)))
        return succeeded && !results.isEmpty && results.allSatisfy { $0.error == nil }
    }
}
