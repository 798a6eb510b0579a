import MatrixClient
import MatrixJSON

/// Clap's space management: spaces made, rooms made in them, added and taken out, with the
/// state events the spec defines, as Element reads them. Power levels are checked before
/// anything is sent, so a refusal leaves nothing half done.
extension AppState {
    /// `/create` and `/space create`. In a space, the room is made its child, its canonical
    /// parent named and (unless public) opened to the space's members.
    func create(_ creation: RoomCreation, inSpace target: String?, as signedIn: SessionContext) async -> Bool {
        let userID = signedIn.session.userID, serverName = RoomName.serverName(of: userID)
        if let alias = creation.aliasLocalpart, !RoomCreation.isValidAliasLocalpart(alias, serverName: serverName) {
            return finish(.failure(.invalidRoomAlias(alias)))
        }
        let service = signedIn.services.rooms
        var creation = creation, space: RoomRecord?
        do {
            if let target {
                guard let found = joinedSpace(target) else { return finish(.failure(.unknownSpace(target))) }
                if let refusal = try await stateRefusal(SpaceLink.childType, in: found, command: "/create --in", as: userID, through: service) {
                    return finish(.failure(refusal))
                }
                space = found
                creation.parent = SpaceLink(spaceID: found.roomID, via: Self.via(of: found, userID: userID))
            }
            let roomID = try await service.createRoom(creation)
            let address = creation.aliasLocalpart.map { "#\($0):\(serverName)" }
            if let space {
                let link = SpaceLink(spaceID: space.roomID, via: [serverName])
                try await service.setState(SpaceLink.childType, stateKey: roomID, content: link.childContent, in: space.roomID)
            }
            // Encrypted from its first event: what is sent before sync brings that state is encrypted
            // too. A space is one at once, so the script's next line can add rooms to it.
            await enter(roomID, as: signedIn, address: address, name: creation.name, encryption: creation.isEncrypted ? RoomEncryption() : nil,
                        isSpace: creation.isSpace)
            return finish(.membership(.created(roomID: roomID, alias: address, name: creation.name, isEncrypted: creation.isEncrypted, isSpace: creation.isSpace,
                                   inSpace: space.map(RoomName.of))))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// `/space add`: the space's `m.space.child` for the room, then the room's `m.space.parent`
    /// where we are in it and may send it; the child link alone already lists it in the space.
    func add(_ roomTarget: String, to spaceTarget: String, suggested: Bool, order: String?, as signedIn: SessionContext) async -> Bool {
        guard let space = joinedSpace(spaceTarget) else { return finish(.failure(.unknownSpace(spaceTarget))) }
        guard let room = findRoom(roomTarget) ?? (roomTarget.hasPrefix("!") ? RoomRecord(roomID: roomTarget, membership: .leave) : nil) else {
            return finish(.failure(.unknownRoom(roomTarget)))
        }
        let userID = signedIn.session.userID, service = signedIn.services.rooms
        do {
            if let refusal = try await stateRefusal(SpaceLink.childType, in: space, command: "/space add", as: userID, through: service) {
                return finish(.failure(refusal))
            }
            let child = SpaceLink(spaceID: space.roomID, via: Self.via(of: room, userID: userID), isSuggested: suggested, order: order)
            try await service.setState(SpaceLink.childType, stateKey: room.roomID, content: child.childContent, in: space.roomID)
            var parentLinked = false
            if room.membership == .join, try await stateRefusal(SpaceLink.parentType, in: room, command: "/space add", as: userID, through: service) == nil {
                let parent = SpaceLink(spaceID: space.roomID, via: Self.via(of: space, userID: userID))
                try await service.setState(SpaceLink.parentType, stateKey: space.roomID, content: parent.parentContent, in: room.roomID)
                parentLinked = true
            }
            return finish(.space(.childAdded(spaceName: RoomName.text(of: space), roomName: RoomName.text(of: room), parentLinked: parentLinked)))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// `/space remove`: empties the space's `m.space.child` for the room (as Element does), then
    /// the room's `m.space.parent` naming the space, where it has one and we may.
    func remove(_ roomTarget: String, from spaceTarget: String, as signedIn: SessionContext) async -> Bool {
        guard let space = joinedSpace(spaceTarget) else { return finish(.failure(.unknownSpace(spaceTarget))) }
        let known = findRoom(roomTarget)
        guard let roomID = known?.roomID ?? (roomTarget.hasPrefix("!") ? roomTarget : nil) else { return finish(.failure(.unknownRoom(roomTarget))) }
        let roomName = known.map(RoomName.of) ?? roomID
        let userID = signedIn.session.userID, service = signedIn.services.rooms
        do {
            // The server's word, not sync's: a child added a moment ago is one.
            let child = try await service.state(SpaceLink.childType, stateKey: roomID, of: space.roomID)
            guard child?["via"]?.array?.isEmpty == false else { return finish(.failure(.notInSpace(room: RemoteText(roomName), space: RoomName.text(of: space)))) }
            if let refusal = try await stateRefusal(SpaceLink.childType, in: space, command: "/space remove", as: userID, through: service) {
                return finish(.failure(refusal))
            }
            try await service.setState(SpaceLink.childType, stateKey: roomID, content: SpaceLink.removed, in: space.roomID)
            var parentUnlinked = false
            if let room = known, room.membership == .join,
               try await service.state(SpaceLink.parentType, stateKey: space.roomID, of: roomID)?["via"]?.array?.isEmpty == false,
               try await stateRefusal(SpaceLink.parentType, in: room, command: "/space remove", as: userID, through: service) == nil {
                try await service.setState(SpaceLink.parentType, stateKey: space.roomID, content: SpaceLink.removed, in: roomID)
                parentUnlinked = true
            }
            return finish(.space(.childRemoved(spaceName: RoomName.text(of: space), roomName: RemoteText(roomName), parentUnlinked: parentUnlinked)))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// Why our power level in `room` does not allow sending state of `type`; `nil` when it does.
    func stateRefusal(_ type: String, in room: RoomRecord, command: String, as userID: String,
                      through service: any RoomService) async throws(MatrixError) -> ShellError? {
        let levels = try await service.powerLevels(roomID: room.roomID)
        let required = levels.levelNeeded(toSendState: type), own = levels.level(of: userID)
        return own >= required ? nil : .stateNotPermitted(command: command, roomName: RoomName.text(of: room), required: required, own: own)
    }

    /// Servers to join `room` through: ours, and its alias's where that is another.
    static func via(of room: RoomRecord, userID: String) -> [String] {
        let servers = [RoomName.serverName(of: userID)] + (room.canonicalAlias.map { [RoomName.serverName(of: $0)] } ?? [])
        return servers.reduce(into: []) { unique, server in if !server.isEmpty, !unique.contains(server) { unique.append(server) } }
    }
}
