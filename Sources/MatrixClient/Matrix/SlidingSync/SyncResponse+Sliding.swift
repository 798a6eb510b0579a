extension SyncResponse {
    /// A sliding sync response in `/v3`'s terms, for the account `userID`: a room with
    /// `invite_state` is an invite, one whose `$ME` membership event says the user left (or was
    /// banned) is left, any other a joined room. Its unread counts are left to the client (Synapse
    /// sends zeros), which counts from the user's own read receipts. `place` is where the request
    /// went from: its to-device position and room count stand where the response brings none.
    public init(sliding response: SlidingSyncResponse, userID: String, continuing place: SlidingSyncPosition?) {
        var rooms = Rooms(typing: response.typing)
        rooms.accountData = response.roomAccountData
        for (roomID, receipts) in response.readReceipts {
            if let newest = receipts.filter({ $0.userID == userID }).map(\.timestamp).max() { rooms.ownReadTimes[roomID] = newest }
        }
        for (roomID, room) in response.rooms {
            if let inviteState = room.inviteState {
                rooms.invited[roomID] = InvitedRoom(inviteState: inviteState)
                continue
            }
            let timeline = Timeline(events: room.timeline, limited: room.limited, previousBatch: room.previousBatch)
            switch Self.membership(of: userID, in: room) {
            case "leave", "ban":
                rooms.left[roomID] = LeftRoom(state: room.requiredState, timeline: timeline)
            case "knock", "invite":
                // A knock waits for an answer; an invite without its stripped state has nothing to show.
                continue
            default:
                rooms.joined[roomID] = JoinedRoom(
                    state: room.requiredState, timeline: timeline, unreadNotifications: nil,
                    summary: RoomSummary(heroes: room.heroes?.map(\.userID), joinedMemberCount: room.joinedCount,
                                         invitedMemberCount: room.invitedCount,
                                         heroNames: room.heroes.map(Self.names(of:))))
            }
        }
        var encryption = response.encryption
        encryption.toDeviceEvents = response.toDevice?.events ?? []
        let next = SlidingSyncPosition(pos: response.pos, toDeviceSince: response.toDevice?.nextBatch ?? place?.toDeviceSince,
                                       roomCount: response.listCounts[SlidingSyncService.listName] ?? place?.roomCount)
        self.init(position: .sliding(next), rooms: rooms, accountData: response.accountData, encryption: encryption)
    }

    /// The user's membership as the room's newest own membership event says, `nil` when the
    /// response has none (it did not change since the room was last sent).
    private static func membership(of userID: String, in room: SlidingSyncResponse.Room) -> String? {
        let own = { (event: SyncEvent) in event.type == "m.room.member" && event.stateKey == userID }
        let event = room.timeline.last(where: own) ?? room.requiredState.last(where: own)
        return event?.content["membership"]?.string
    }

    private static func names(of heroes: [SlidingSyncResponse.Hero]) -> [String: String] {
        Dictionary(heroes.compactMap { hero in hero.displayName.map { (hero.userID, $0) } }) { first, _ in first }
    }
}
