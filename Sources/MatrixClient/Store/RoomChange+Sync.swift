import MatrixJSON

extension RoomChange {
    /// What a sync response changes about each room it mentions, for the user `userID`.
    public static func changes(in response: SyncResponse, userID: String) -> [RoomChange] {
        changes(in: response, userID: userID, joined: response.rooms.joined.map { RoomChange(joined: $0.key, room: $0.value) })
    }

    /// The changes of `response`'s rooms, those of its joined rooms made already (`SyncBatch`
    /// makes them beside each range of rooms' rows).
    static func changes(in response: SyncResponse, userID: String, joined: [RoomChange]) -> [RoomChange] {
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

    /// What a joined room's section changes.
    init(joined roomID: String, room: borrowing SyncResponse.JoinedRoom) {
        self.init(roomID: roomID, membership: .join)
        take(room.state)
        take(room.timeline.events)
        heroes = room.summary.heroes
        joinedMemberCount = room.summary.joinedMemberCount
        notificationCount = room.unreadNotifications?.notificationCount
        highlightCount = room.unreadNotifications?.highlightCount
        countsUnreadItself = room.unreadNotifications == nil
        take(room.timeline)
    }

    /// Where a joined room's timeline stands: its way back, whether it skipped events, its newest
    /// event, its latest activity. The events are read where they lie, by index: `for event in`
    /// would copy each of an initial sync's tens of thousands (a retain and a release of every field).
    private mutating func take(_ timeline: borrowing SyncResponse.Timeline) {
        previousBatch = timeline.previousBatch
        followsGap = timeline.limited
        let events = timeline.events
        if timeline.limited {
            timelineEventIDs.reserveCapacity(events.count)
            for index in events.indices { if let eventID = events[index].eventID { timelineEventIDs.append(eventID) } }
        }
        lastEventID = events.last { $0.eventID != nil }?.eventID
        for index in events.indices {
            guard let sentAt = events[index].originServerTS else { continue }
            lastActivity = max(lastActivity ?? sentAt, sentAt)
        }
    }

    /// Name, alias, topic, encryption, pins, upgrades and whether it is a space from state events
    /// with an empty state key, and a space's children from `m.space.child` (keyed by the child's ID); the latest wins.
    private mutating func take(_ events: borrowing [SyncEvent]) {
        for index in events.indices {
            if let stateKey = events[index].stateKey { take(stateEvent: events[index], stateKey: stateKey) }
        }
    }

    private mutating func take(stateEvent event: borrowing SyncEvent, stateKey: String) {
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
