import MatrixClient

extension AppState {
    func send(_ action: RoleAction, in room: RoomContext) async -> Bool {
        switch action {
        case .show: await showRoles(in: room)
        case .setUser(let user, let level, let confirmed): await setLevel(of: user, to: level, confirmed: confirmed, in: room)
        case .setSetting(let setting, let level): await setLevel(of: setting, to: level, in: room)
        }
    }

    /// The open room's power levels as the server has them now.
    private func showRoles(in room: RoomContext) async -> Bool {
        let levels: PowerLevels
        do {
            levels = try await room.services.rooms.powerLevels(roomID: room.roomID)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        let names = state.memberNames
        let members = levels.ranked.map { member in
            RankedMember(userID: member.userID, name: names[member.userID].flatMap { $0 == member.userID ? nil : RemoteText($0) }, level: member.level)
        }
        let settings = PowerSetting.common.filter { $0 != .membersDefault }.map { SettingLevel(setting: $0, level: levels.level(of: $0)) }
        let sheet = RoleSheet(roomID: room.roomID, roomName: roomName(of: room.roomID), members: members, defaultLevel: levels.level(of: .membersDefault),
                              ownLevel: levels.level(of: room.session.userID), settings: settings,
                              events: levels.eventLevels.map { SettingLevel(setting: .event($0.type), level: $0.level) })
        return finish(.roles(.roles(sheet)))
    }

    /// `/op` and `/deop`: a member's level, checked against ours first. Lowering one's own asks
    /// for `!`: only someone above could raise it again.
    private func setLevel(of user: String, to level: Int?, confirmed: Bool, in room: RoomContext) async -> Bool {
        let names = state.memberNames
        guard let userID = MemberLookup.userID(for: user, among: names) else { return finish(.failure(.unknownUser(user))) }
        let command: CommandName = level == nil ? .deop : .op
        do {
            let levels = try await room.services.rooms.powerLevels(roomID: room.roomID)
            let own = levels.level(of: room.session.userID)
            let newLevel = level ?? levels.level(of: .membersDefault)
            let edit = PowerLevelEdit.user(userID, level: level)
            if let refusal = levels.refusal(of: edit, by: room.session.userID) { return finish(.failure(.notPermitted(command, refusal))) }
            if userID == room.session.userID, newLevel < own, !confirmed { return finish(.failure(.demotingSelf(command: command.rawValue))) }
            try await send(edit, of: levels, in: room)
            let name = names[userID].flatMap { $0 == userID ? nil : RemoteText($0) }
            return finish(.roles(.userChanged(userID: userID, name: name, level: newLevel, isDefault: level == nil, roomName: roomName(of: room.roomID))))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// `/roles set`: the level a setting needs.
    private func setLevel(of setting: PowerSetting, to level: Int, in room: RoomContext) async -> Bool {
        let edit = PowerLevelEdit.setting(setting, level: level)
        do {
            let levels = try await room.services.rooms.powerLevels(roomID: room.roomID)
            if let refusal = levels.refusal(of: edit, by: room.session.userID) { return finish(.failure(.notPermitted(.roles, refusal))) }
            try await send(edit, of: levels, in: room)
            return finish(.roles(.settingChanged(setting, level: level, roomName: roomName(of: room.roomID))))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// Sends the levels with the edit made, every other field as the server had it.
    private func send(_ edit: PowerLevelEdit, of levels: PowerLevels, in room: RoomContext) async throws(MatrixError) {
        try await room.services.rooms.setState(PowerLevels.eventType, stateKey: "", content: levels.content(after: edit), in: room.roomID)
    }
}
