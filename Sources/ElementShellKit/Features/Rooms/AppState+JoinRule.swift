import MatrixClient
import MatrixJSON

extension AppState {
    /// `/joinrule`: the open room's join rule as the server has it, or a new one, once the
    /// room's power levels allow us to send it. Spaces are named as `/space` names them, or by ID.
    func joinRule(_ request: JoinRuleRequest?, in room: RoomContext) async -> Bool {
        let service = room.services.rooms
        let record = state.rooms[room.roomID] ?? RoomRecord(roomID: room.roomID, membership: .join)
        do {
            guard let request else {
                let rule = JoinRule(content: try await service.state(JoinRule.eventType, stateKey: "", of: room.roomID))
                return finish(.room(.joinRule(rule: RemoteText(rule.name), spaces: rule.allowedRooms.map { roomName(of: $0) }, changed: false)))
            }
            var spaceIDs: [String] = []
            for target in request.spaces {
                guard let spaceID = joinedSpace(target)?.roomID ?? (target.hasPrefix("!") ? target : nil) else {
                    return finish(.failure(.unknownSpace(target)))
                }
                spaceIDs.append(spaceID)
            }
            let rule: JoinRule = switch request.rule {
            case "restricted": .restricted(to: spaceIDs)
            case "knock_restricted": .knockRestricted(to: spaceIDs)
            default: JoinRule(content: ["join_rule": .string(request.rule)])
            }
            if let refusal = try await stateRefusal(JoinRule.eventType, in: record, command: "/joinrule", as: room.session.userID, through: service) {
                return finish(.failure(refusal))
            }
            try await service.setState(JoinRule.eventType, stateKey: "", content: rule.content, in: room.roomID)
            return finish(.room(.joinRule(rule: RemoteText(rule.name), spaces: spaceIDs.map { roomName(of: $0) }, changed: true)))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }
}
