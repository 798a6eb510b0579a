import MatrixJSON

/// Everything one sync response changes in the store.
public struct SyncBatch: Sendable, Equatable {
    public var rooms: [RoomChange]
    public var messages: [MessageRecord]
    public var members: [MemberRecord]
    /// Edits and redactions of earlier events, in timeline order.
    public var changes: [MessageChange]
    public var reactions: [ReactionRecord]
    /// Transaction IDs of our own reactions and redactions that came back: they leave the outbox.
    public var echoedTransactionIDs: [String]
    /// Every room of the account's `m.direct` when it changed; `nil` when it did not.
    public var directRoomIDs: Set<String>?
    /// Encrypted events whose key may still arrive.
    public var undecrypted: [UndecryptedEvent] = []
    /// The account the batch was read for, who is never unread to themselves.
    public var userID: String?
    /// The event of each message as the push rules read it, at the message's index in
    /// `messages`: decrypted where it could be, so the client judges what the server could not;
    /// `nil` for the user's own, which never notify. By index, not by event ID: an initial sync
    /// judges tens of thousands, and hashing their IDs cost more than the rules.
    public var pushEvents: [PushEvent?] = []
    /// The account's push rules (`m.push_rules` content) when they changed; `nil` when not.
    public var pushRules: JSONValue?
    /// Rooms whose unread mark changed, and how it now stands.
    public var markedUnread: [String: Bool] = [:]
    /// Everyone the user ignores, when the list changed; `nil` when it did not.
    public var ignoredUsers: Set<String>?
    /// When the user last read each room whose own read receipt changed.
    public var ownReadTimes: [String: Int64] = [:]
    /// Those who asked to join a joined room, as its timeline brought them.
    public var knocks: [Knock] = []
    /// Votes in polls and their ends.
    public var pollResponses: [PollResponse] = []

    public init(rooms: [RoomChange] = [], messages: [MessageRecord] = [], members: [MemberRecord] = [],
                directRoomIDs: Set<String>? = nil, changes: [MessageChange] = [], reactions: [ReactionRecord] = [],
                echoedTransactionIDs: [String] = []) {
        self.rooms = rooms
        self.messages = messages
        self.members = members
        self.directRoomIDs = directRoomIDs
        self.changes = changes
        self.reactions = reactions
        self.echoedTransactionIDs = echoedTransactionIDs
    }

    public init(_ response: SyncResponse, userID: String) {
        // Each room is read on its own, so ranges of rooms are read at once and then put
        // together in the rooms' order.
        let joined = response.rooms.joined.sorted(by: { $0.key < $1.key })
        let eventCounts = joined.map { $0.value.state.count + $0.value.timeline.events.count }
        var parts = SplitWork.map(of: joined.count, minimumPerRange: 16) { range in
            var part = SyncBatch()
            // The first part becomes the batch and takes in the others' rows: with room for all
            // of them from the start, it never grows on the way (a copy of each row into memory
            // touched for the first time).
            let eventCount = range.lowerBound == 0 ? eventCounts.reduce(0, +) : eventCounts[range].reduce(0, +)
            part.take(joined[range], eventCount: eventCount, userID: userID)
            return part
        }
        self = parts.removeFirst()
        for index in parts.indices { append(moving: &parts[index]) }
        self.userID = userID
        ownReadTimes = response.rooms.ownReadTimes
        rooms = RoomChange.changes(in: response, userID: userID, joined: rooms)
        // `m.direct` maps each user to the direct chats with them.
        directRoomIDs = response.accountData["m.direct"]?.object.map { users in
            Set(users.values.flatMap { $0.array?.compactMap(\.string) ?? [] })
        }
        pushRules = response.accountData[PushRuleSet.accountDataType]
        markedUnread = response.rooms.accountData.compactMapValues(MarkedUnread.flag)
        ignoredUsers = response.accountData[IgnoredUsers.type].map(IgnoredUsers.userIDs)
    }

    /// The joined rooms' changes, members, messages and changes of other messages, in the rooms'
    /// order, with room for the rows of `eventCount` events.
    private mutating func take(_ joined: ArraySlice<(key: String, value: SyncResponse.JoinedRoom)>, eventCount: Int, userID: String) {
        messages.reserveCapacity(eventCount)
        pushEvents.reserveCapacity(eventCount)
        members.reserveCapacity(eventCount)
        rooms.reserveCapacity(joined.count)
        for (roomID, room) in joined {
            rooms.append(RoomChange(joined: roomID, room: room))
            // Before the state: a member event there is the last word on a name.
            for (userID, name) in (room.summary.heroNames ?? [:]).sorted(by: { $0.key < $1.key }) {
                members.append(MemberRecord(roomID: roomID, userID: userID, displayName: name))
            }
            // Read where they lie, by index: an initial sync has tens of thousands of events, and
            // `for event in` would copy each (a retain and a release of every field).
            for index in room.state.indices {
                if let member = MemberRecord(roomID: roomID, event: room.state[index]) { members.append(member) }
            }
            for index in room.timeline.events.indices {
                take(timelineEvent: room.timeline.events[index], in: roomID, userID: userID)
            }
        }
    }

    /// Another range of rooms' part, after this one's: each field `take` fills. The fields that
    /// hold an event each are moved (`Array.append(moving:vacant:)`).
    private mutating func append(moving part: inout SyncBatch) {
        messages.append(moving: &part.messages, vacant: MessageRecord(eventID: "", roomID: "", sender: "", msgtype: "", body: "", originServerTS: 0))
        members.append(moving: &part.members, vacant: MemberRecord(roomID: "", userID: "", displayName: nil))
        pushEvents.append(moving: &part.pushEvents, vacant: nil)
        rooms += part.rooms
        changes += part.changes
        reactions += part.reactions
        echoedTransactionIDs += part.echoedTransactionIDs
        undecrypted += part.undecrypted
        knocks += part.knocks
        pollResponses += part.pollResponses
    }

    private mutating func take(timelineEvent event: borrowing SyncEvent, in roomID: String, userID: String) {
        if let member = MemberRecord(roomID: roomID, event: event) {
            members.append(member)
            if let knock = Knock(roomID: roomID, event: event) { knocks.append(knock) }
        }
        if let message = MessageRecord(roomID: roomID, event: event) {
            if let waiting = UndecryptedEvent(waitingFor: message, event: event) { undecrypted.append(waiting) }
            messages.append(message)
            pushEvents.append(event.sender == userID ? nil : PushEvent(event))
            takeBundledEdit(of: event, in: roomID)
        } else if event.type != "m.room.member" {
            take(relationOf: event, in: roomID)
        }
    }
}

extension SyncBatch {
    /// Stored events that were decrypted late (their key came after them), each with its `roomID`:
    /// messages that now have text, and edits or reactions that were shown as unreadable.
    init(decrypted events: [SyncEvent]) {
        self.init()
        for event in events {
            guard let roomID = event.roomID else { continue }
            if let message = MessageRecord(roomID: roomID, event: event) {
                messages.append(message)
                takeBundledEdit(of: event, in: roomID)
            } else {
                take(relationOf: event, in: roomID)
            }
        }
    }

    /// Of several edits of one message, only the newest (the latest sent; of equal times, the
    /// last in timeline order): a page of older events applies none over an edit already stored.
    mutating func keepNewestEdits() {
        var newest: [String: (index: Int, sentAt: Int64)] = [:]
        for (index, change) in changes.enumerated() {
            guard case .edit(let targetID, _, _, _, let sentAt) = change else { continue }
            if let kept = newest[targetID], kept.sentAt > sentAt { continue }
            newest[targetID] = (index, sentAt)
        }
        let kept = Set(newest.values.map(\.index))
        changes = changes.enumerated().filter { index, change in
            guard case .edit = change else { return true }
            return kept.contains(index)
        }.map(\.element)
    }

    /// The newest edit of a message, which the server bundles with it
    /// (`unsigned.m.relations.m.replace`, the whole edit event since spec v1.7): a page or a short
    /// timeline may hold the message without its edit. An encrypted one is left to its own event,
    /// which is decrypted when a timeline or page brings it.
    private mutating func takeBundledEdit(of event: SyncEvent, in roomID: String) {
        guard let bundled = event.unsigned?["m.relations"]?["m.replace"], bundled["type"]?.string == "m.room.message",
              let sender = bundled["sender"]?.string, let content = bundled["content"],
              content["m.relates_to"]?["event_id"]?.string == event.eventID else { return }
        take(relationOf: SyncEvent(type: "m.room.message", eventID: bundled["event_id"]?.string, sender: sender,
                                   originServerTS: bundled["origin_server_ts"]?.int.map(Int64.init), content: content), in: roomID)
    }

    /// An edit, a reaction, a vote or a redaction: events that change what is shown of another one.
    private mutating func take(relationOf event: SyncEvent, in roomID: String) {
        let relation = event.content["m.relates_to"]
        switch event.type {
        case "m.room.message" where relation?["rel_type"]?.string == "m.replace":
            guard let targetID = relation?["event_id"]?.string, let replacement = event.content["m.new_content"],
                  let body = replacement["body"]?.string else { return }
            let isHTML = replacement["format"]?.string == OutgoingContent.htmlFormat
            changes.append(.edit(targetID: targetID, sender: event.sender, body: body,
                                 formattedBody: isHTML ? replacement["formatted_body"]?.string : nil, sentAt: event.originServerTS ?? 0))
        case "m.reaction":
            guard let eventID = event.eventID, relation?["rel_type"]?.string == "m.annotation",
                  let targetID = relation?["event_id"]?.string, let key = relation?["key"]?.string else { return }
            reactions.append(ReactionRecord(eventID: eventID, roomID: roomID, targetID: targetID, sender: event.sender, key: key))
            echo(event)
        case let type where PollEventType.responses.contains(type) || PollEventType.ends.contains(type):
            guard let response = PollResponse(roomID: roomID, event: event) else { return }
            pollResponses.append(response)
            echo(event)
        case "m.room.redaction":
            guard let redacted = event.content["redacts"]?.string ?? event.redacts else { return }
            changes.append(.redaction(eventID: redacted, reason: event.content["reason"]?.string))
            echo(event)
        default:
            break
        }
    }

    private mutating func echo(_ event: SyncEvent) {
        if let transactionID = event.unsigned?["transaction_id"]?.string { echoedTransactionIDs.append(transactionID) }
    }
}

extension MessageRecord {
    public static let encryptedType = "m.room.encrypted"
    public static let stickerType = "m.sticker"

    /// A message of a timeline, a reply included; edits are changes of another message (see
    /// `SyncBatch`). A message that arrives redacted keeps its place, without its text; one that
    /// could not be decrypted keeps it too, saying why, and so does a malformed event, saying
    /// which field did not fit.
    public init?(roomID: String, event: borrowing SyncEvent) {
        if let field = event.malformedField {
            guard let eventID = event.eventID else { return nil }
            self.init(malformed: field, eventID: eventID, roomID: roomID, event: event)
        } else if event.type == Self.encryptedType, event.unsigned?["redacted_because"] == nil {
            // What refers to another event in the clear (`m.reference`: a verification's steps, a
            // poll's answers) is no message, readable or not: a new device cannot read the steps
            // of verifications made by the others, and they are no lines of the conversation.
            guard let eventID = event.eventID, event.content["m.relates_to"]?["rel_type"]?.string != "m.reference" else { return nil }
            self.init(eventID: eventID, roomID: roomID, sender: event.sender, msgtype: "m.text", body: "",
                      originServerTS: event.originServerTS ?? 0, transactionID: event.unsigned?["transaction_id"]?.string)
            decryptionFailure = event.encryption?.failure ?? .unsupportedAlgorithm
        } else if PollEventType.starts.contains(event.type) {
            self.init(roomID: roomID, pollStart: event)
        } else {
            self.init(roomID: roomID, messageEvent: event)
        }
        senderKey = event.encryption?.senderKey
        isKeyImported = event.encryption?.isKeyImported ?? false
        keySharedBy = event.encryption?.keySharedBy
    }

    private init?(roomID: String, messageEvent event: borrowing SyncEvent) {
        // The content's members are looked up directly: this runs for every event of an initial sync.
        guard event.type == "m.room.message" || event.type == Self.stickerType || event.type == Self.encryptedType,
              let eventID = event.eventID else { return nil }
        let transactionID = event.unsigned?["transaction_id"]?.string
        // A sticker is an event type of its own with no msgtype; it is kept as a message whose
        // msgtype is its type, with its picture as media.
        let msgtype = event.type == Self.stickerType ? Self.stickerType : event.content["msgtype"]?.string
        guard case .object(let content) = event.content, let body = content["body"]?.string, let msgtype else {
            if let redaction = event.unsigned?["redacted_because"] {
                self.init(eventID: eventID, roomID: roomID, sender: event.sender, msgtype: "m.text", body: "",
                          originServerTS: event.originServerTS ?? 0, transactionID: transactionID)
                isRedacted = true
                redactionReason = redaction["content"]?["reason"]?.string
            } else {
                self.init(malformed: Self.misfitField(of: event.content), eventID: eventID, roomID: roomID, event: event)
            }
            return
        }
        let relation = content["m.relates_to"]
        let relationType = relation?["rel_type"]?.string
        guard relationType != "m.replace" else { return nil }
        let threadRoot = relationType == "m.thread" ? relation?["event_id"]?.string : nil
        // In a thread, `m.in_reply_to` marked as falling back is only for clients without threads.
        let isFallback = threadRoot != nil && relation?["is_falling_back"]?.bool == true
        let replyTo = isFallback ? nil : relation?["m.in_reply_to"]?["event_id"]?.string
        let isHTML = content["format"]?.string == OutgoingContent.htmlFormat
        self.init(eventID: eventID, roomID: roomID, sender: event.sender, msgtype: msgtype,
                  body: replyTo == nil ? body : ReplyFallback.strippedBody(body),
                  formattedBody: isHTML ? content["formatted_body"]?.string : nil,
                  originServerTS: event.originServerTS ?? 0, transactionID: transactionID, replyTo: replyTo, threadRoot: threadRoot)
        media = MediaInfo(msgtype: msgtype, content: content)
        let previews = LinkPreview.bundle(in: content)
        if !previews.isEmpty { self.previews = previews }
    }

    /// A poll start: a message whose text is the poll's fallback, with the poll it asks. One that
    /// asks no poll (no question, no usable answer) is kept as malformed; a redacted one as redacted.
    private init?(roomID: String, pollStart event: borrowing SyncEvent) {
        guard let eventID = event.eventID else { return nil }
        let poll = PollDefinition(content: event.content)
        self.init(eventID: eventID, roomID: roomID, sender: event.sender, msgtype: PollEventType.unstableStart, body: poll?.fallbackText ?? "",
                  originServerTS: event.originServerTS ?? 0, transactionID: event.unsigned?["transaction_id"]?.string)
        self.poll = poll
        if let redaction = event.unsigned?["redacted_because"] {
            isRedacted = true
            redactionReason = redaction["content"]?["reason"]?.string
        } else if poll == nil {
            malformedField = "content." + PollEventType.unstableStart
        }
    }

    /// Which part of a message's content does not fit: all of it, its body or its msgtype.
    private static func misfitField(of content: JSONValue) -> String {
        guard content.object != nil else { return "content" }
        return content["body"]?.string == nil ? "content.body" : "content.msgtype"
    }

    private init(malformed field: String, eventID: String, roomID: String, event: borrowing SyncEvent) {
        self.init(eventID: eventID, roomID: roomID, sender: event.sender, msgtype: "m.text", body: "",
                  originServerTS: event.originServerTS ?? 0, transactionID: event.unsigned?["transaction_id"]?.string)
        malformedField = field
    }
}

extension MemberRecord {
    init?(roomID: String, event: borrowing SyncEvent) {
        guard event.type == "m.room.member", let userID = event.stateKey else { return nil }
        self.init(roomID: roomID, userID: userID, displayName: event.content["displayname"]?.string)
    }
}
