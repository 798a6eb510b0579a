import MatrixClient

/// Our own messages of rooms' main timelines that the server has taken but sync has not brought
/// back yet. Until it does, the store does not hold them, yet `^` must count them (`/edit ^`
/// right after sending means that message, not the one before) and their `~N` must name them.
struct SentMessages: Equatable {
    /// Oldest first, in the order the server took them.
    private var messages: [MessageRecord] = []

    /// The server took `entry` as `eventID`. Only a message of a room's main timeline is kept:
    /// reactions, redactions, edits and thread replies are not what `^` counts.
    mutating func add(_ entry: OutboxEntry, as eventID: String, sender: String) {
        guard let message = Self.timelineMessage(entry, as: eventID, sender: sender) else { return }
        messages.append(message)
    }

    /// Sync brought these back: the store holds them now.
    mutating func forget(_ synced: [MessageRecord]) {
        let eventIDs = Set(synced.map(\.eventID))
        messages.removeAll { eventIDs.contains($0.eventID) }
    }

    /// Those of `roomID`, oldest first.
    func messages(in roomID: String) -> [MessageRecord] {
        messages.filter { $0.roomID == roomID }
    }

    func message(eventID: String) -> MessageRecord? {
        messages.first { $0.eventID == eventID }
    }

    /// Whether the entry is a message of its room's main timeline, as `^` counts them: not a
    /// reaction, redaction, edit, vote or thread reply (a poll is one).
    static func isTimelineMessage(_ entry: OutboxEntry) -> Bool {
        guard entry.eventType == "m.room.message" || entry.poll != nil else { return false }
        switch entry.relation {
        case nil, .reply: return true
        case .thread, .replacement, .annotation, .redaction, .pollResponse, .pollEnd: return false
        }
    }

    /// The message as sync will bring it back, if it is one that counts.
    static func timelineMessage(_ entry: OutboxEntry, as eventID: String, sender: String) -> MessageRecord? {
        guard isTimelineMessage(entry) else { return nil }
        let replyTo = if case .reply(let parent, _) = entry.relation { parent } else { nil as String? }
        var message = MessageRecord(eventID: eventID, roomID: entry.roomID, sender: sender, msgtype: entry.msgtype, body: entry.body,
                                    formattedBody: entry.formattedBody, originServerTS: entry.createdAt,
                                    transactionID: entry.transactionID, replyTo: replyTo)
        message.media = entry.media
        message.previews = entry.previews
        message.poll = entry.poll
        return message
    }
}
