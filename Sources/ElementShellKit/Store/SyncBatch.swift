/// Everything one sync response changes in the store.
public struct SyncBatch: Sendable, Equatable {
    public var rooms: [RoomChange]
    public var messages: [MessageRecord]
    public var members: [MemberRecord]
    /// Every room of the account's `m.direct` when it changed; `nil` when it did not.
    public var directRoomIDs: Set<String>?

    public init(rooms: [RoomChange] = [], messages: [MessageRecord] = [], members: [MemberRecord] = [],
                directRoomIDs: Set<String>? = nil) {
        self.rooms = rooms
        self.messages = messages
        self.members = members
        self.directRoomIDs = directRoomIDs
    }

    public init(_ response: SyncResponse, userID: String) {
        rooms = RoomChange.changes(in: response, userID: userID)
        // `m.direct` maps each user to the direct chats with them.
        directRoomIDs = response.accountData["m.direct"]?.object.map { users in
            Set(users.values.flatMap { $0.array?.compactMap(\.string) ?? [] })
        }
        messages = []
        members = []
        let eventCount = response.rooms.joined.values.reduce(0) { $0 + $1.state.count + $1.timeline.events.count }
        messages.reserveCapacity(eventCount)
        members.reserveCapacity(eventCount)
        for (roomID, room) in response.rooms.joined.sorted(by: { $0.key < $1.key }) {
            // Appended in place: an initial sync has tens of thousands of events to go through.
            for event in room.state {
                if let member = MemberRecord(roomID: roomID, event: event) { members.append(member) }
            }
            for event in room.timeline.events {
                if let member = MemberRecord(roomID: roomID, event: event) { members.append(member) }
                if let message = MessageRecord(roomID: roomID, event: event) { messages.append(message) }
            }
        }
    }
}

extension MessageRecord {
    /// A plain message from a timeline; edits, redactions and other kinds arrive later.
    init?(roomID: String, event: SyncEvent) {
        // The content's members are looked up directly: this runs for every event of an initial sync.
        guard event.type == "m.room.message", let eventID = event.eventID, case .object(let content) = event.content,
              let body = content["body"]?.string, let msgtype = content["msgtype"]?.string,
              content["m.relates_to"]?["rel_type"]?.string != "m.replace" else { return nil }
        let isHTML = content["format"]?.string == MessageFormat.htmlFormat
        self.init(eventID: eventID, roomID: roomID, sender: event.sender, msgtype: msgtype, body: body,
                  formattedBody: isHTML ? content["formatted_body"]?.string : nil,
                  originServerTS: event.originServerTS ?? 0, transactionID: event.unsigned?["transaction_id"]?.string)
    }
}

extension MemberRecord {
    init?(roomID: String, event: SyncEvent) {
        guard event.type == "m.room.member", let userID = event.stateKey else { return nil }
        self.init(roomID: roomID, userID: userID, displayName: event.content["displayname"]?.string)
    }
}
