import MatrixJSON

extension RoomChange {
    /// What a sync response changes about each room it mentions, for the user `userID`.
    public static func changes(in response: SyncResponse, userID: String) -> [RoomChange] {
        let joined = response.rooms.joined.map { roomID, room in
            var change = RoomChange(roomID: roomID, membership: .join)
            change.take(room.state)
            change.take(room.timeline.events)
            change.heroes = room.summary.heroes
            change.joinedMemberCount = room.summary.joinedMemberCount
            change.notificationCount = room.unreadNotifications?.notificationCount
            change.highlightCount = room.unreadNotifications?.highlightCount
            change.countsUnreadItself = room.unreadNotifications == nil
            change.lastActivity = room.timeline.events.lazy.compactMap(\.originServerTS).max()
            change.take(room.timeline)
            return change
        }
        let invited = response.rooms.invited.map { roomID, room in
            var change = RoomChange(roomID: roomID, membership: .invite)
            change.take(room.inviteState)
            // Until it has a name, an invite is known by who sent it.
            let invitation = room.inviteState.last { $0.type == "m.room.member" && $0.stateKey == userID }
            change.heroes = invitation.map { [$0.sender] }
            change.inviter = invitation?.sender
            change.isDirectInvite = invitation?.content["is_direct"]?.bool == true
            return change
        }
        let left = response.rooms.left.map { roomID, room in
            var change = RoomChange(roomID: roomID, membership: .leave)
            change.take(room.state)
            change.take(room.timeline.events)
            change.lastEventID = room.timeline.events.last { $0.eventID != nil }?.eventID
            change.notificationCount = 0
            change.highlightCount = 0
            return change
        }
        return (joined + invited + left).sorted { $0.roomID < $1.roomID }
    }

    /// Where a joined room's timeline stands: its way back, whether it skipped events, its newest event.
    private mutating func take(_ timeline: SyncResponse.Timeline) {
        previousBatch = timeline.previousBatch
        followsGap = timeline.limited
        if timeline.limited { timelineEventIDs = timeline.events.compactMap(\.eventID) }
        lastEventID = timeline.events.last { $0.eventID != nil }?.eventID
    }

    /// Name, alias, topic, encryption, pins, upgrades and whether it is a space from state events
    /// with an empty state key, and a space's children from `m.space.child` (keyed by the child's ID); the latest wins.
    private mutating func take(_ events: [SyncEvent]) {
        for event in events {
            guard let stateKey = event.stateKey else { continue }
            switch event.type {
            case "m.room.name" where stateKey.isEmpty: name = event.content["name"]?.string ?? ""
            case "m.room.canonical_alias" where stateKey.isEmpty: canonicalAlias = event.content["alias"]?.string ?? ""
            case "m.room.topic" where stateKey.isEmpty: topic = event.content["topic"]?.string ?? ""
            case "m.room.create" where stateKey.isEmpty:
                isSpace = event.content["type"]?.string == "m.space"
                createEvent = ["sender": .string(event.sender), "content": event.content]
                predecessorRoomID = event.content["predecessor"]?["room_id"]?.string
            case "m.room.power_levels" where stateKey.isEmpty: powerLevels = event.content
            case "m.room.pinned_events" where stateKey.isEmpty: pinnedEventIDs = (event.content["pinned"]?.array ?? []).compactMap(\.string)
            case "m.room.tombstone" where stateKey.isEmpty: replacementRoomID = event.content["replacement_room"]?.string ?? ""
            case "m.room.encryption" where stateKey.isEmpty: encryption = RoomEncryption(content: event.content) ?? encryption
            // The spec: a child without `via` servers is no child (that is how one is removed).
            case "m.space.child" where !stateKey.isEmpty: spaceChildren[stateKey] = !(event.content["via"]?.array ?? []).isEmpty
            default: break
            }
        }
    }
}
