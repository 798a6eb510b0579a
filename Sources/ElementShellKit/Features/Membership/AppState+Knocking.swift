import MatrixClient

/// Knocking: asking to join a room, and being told of those who ask.
extension AppState {
    /// `/knock`: asks the room's moderators; their invite comes as any invite does.
    func knock(_ target: String, reason: String?, as signedIn: SessionContext) async -> Bool {
        guard let address = RoomAddress(parsing: target) else { return finish(.failure(.invalidRoomAddress(target))) }
        do {
            let roomID = try await signedIn.services.rooms.knock(address, reason: reason)
            return finish(.membership(.knocked(roomID: roomID, target: target)))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// `/knocks`: those asking to join the open room now, as the server has them.
    func listKnocks(in room: RoomContext) async -> Bool {
        do {
            let knocks = try await room.services.rooms.knocks(roomID: room.roomID).filter { !state.ignoredUsers.contains($0.userID) }
            return finish(.membership(.knocks(roomName: roomName(of: room.roomID), knocks.sorted { $0.userID < $1.userID })))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// Tells of each knock sync brought to a room where the user may let them in.
    func announceKnocks(_ knocks: [Knock]) {
        for knock in knocks {
            report(Report(content: .knocked(roomName: roomName(of: knock.roomID), knock), location: nil))
        }
    }
}
