import MatrixClient

extension AppState {
    func send(_ action: UpgradeAction, in room: RoomContext) async -> Bool {
        switch action {
        case .upgrade(let version, let confirmed): await upgrade(room, to: version, confirmed: confirmed)
        }
    }

    /// Upgrades the open room once its power levels allow the tombstone and the user said yes;
    /// then invites its members to the new room where they cannot simply join it (the server
    /// moves the state, not the people), and opens it.
    private func upgrade(_ room: RoomContext, to version: String, confirmed: Bool) async -> Bool {
        let service = room.services.rooms
        let record = state.rooms[room.roomID] ?? RoomRecord(roomID: room.roomID, membership: .join)
        let name = roomName(of: room.roomID)
        if let replacementRoomID = record.replacementRoomID { return finish(.failure(.alreadyUpgraded(roomName: name, replacementRoomID: replacementRoomID))) }
        let members: [String]
        let isPublic: Bool
        do {
            if let refusal = try await stateRefusal(Self.tombstoneType, in: record, command: "/upgrade", as: room.session.userID, through: service) {
                return finish(.failure(refusal))
            }
            members = try await service.joinedMembers(roomID: room.roomID).keys.filter { $0 != room.session.userID }.sorted()
            isPublic = JoinRule(content: try await service.state(JoinRule.eventType, stateKey: "", of: room.roomID)) == .public
        } catch {
            return finish(.failure(.matrix(error)))
        }
        if !confirmed {
            switch await environment.confirm(.upgradeRoom(roomName: name.shown, version: version)) {
            case true?: break
            case false?: return finish(.failure(.cancelled))
            case nil: return finish(.failure(.confirmationRequired(command: CommandName.upgrade.rawValue)))
            }
        }
        let newRoomID: String
        do {
            newRoomID = try await service.upgrade(roomID: room.roomID, to: version)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        var invited: [String] = [], notInvited: [String] = []
        if !isPublic {
            for userID in members {
                do {
                    try await service.change(.invite, of: userID, in: newRoomID, reason: nil)
                    invited.append(userID)
                } catch {
                    logger.warning("\(userID) was not invited to \(newRoomID), the upgrade of \(room.roomID): \(ErrorCodes.code(for: .matrix(error)))")
                    notInvited.append(userID)
                }
            }
        }
        await enter(newRoomID, as: room.signedIn, name: record.name, encryption: record.encryption)
        return finish(.upgrade(.upgraded(roomName: name, roomID: newRoomID, version: version, invited: invited, notInvited: notInvited)))
    }

    /// Tells of each joined room sync says was upgraded by someone, with where it went on; a room
    /// seen for the first time (a new device's first sync) is no news.
    func announceUpgrades(_ rooms: [RoomRecord], known: [String: RoomRecord]) {
        for room in rooms where room.membership == .join {
            guard let replacementRoomID = room.replacementRoomID, let before = known[room.roomID], before.replacementRoomID == nil else { continue }
            let replacement = RoomReplacement(roomID: replacementRoomID, name: joinedName(of: replacementRoomID))
            report(Report(content: .roomUpgraded(roomName: RoomName.text(of: room), roomID: room.roomID, replacement: replacement), location: nil))
        }
    }

    /// A room's name, where the user is in it.
    func joinedName(of roomID: String) -> RemoteText? {
        state.rooms[roomID].flatMap { $0.membership == .join ? RoomName.text(of: $0) : nil }
    }

    static let tombstoneType = "m.room.tombstone"
}
