import MatrixClient

/// A room's main timeline as `^N` counts it, newest first: our messages still in the outbox,
/// then ours the server took that sync has not brought back, then the stored ones. The three are
/// read one after another while messages move between them, so one may be in two: it counts once.
struct NewestMessages {
    enum Found: Equatable {
        case message(MessageRecord)
        /// Ours, still in the outbox: it has no event yet to reply to, edit or react to.
        case unsent
    }

    private let unsentCount: Int
    private let sent: [MessageRecord]
    private let stored: [MessageRecord]

    /// `outbox` as read first, then the room's newest `stored` messages (oldest first), then the
    /// `sent` ones not yet brought back by sync, each as the store holds it if it does by now.
    init(outbox: [OutboxEntry], stored: [MessageRecord], sent: [MessageRecord], in roomID: String) {
        let storedIDs = Set(stored.map(\.eventID))
        let newestStored = stored.last?.seq ?? .min
        // One the store holds is counted there, unless sync stored it after those were read.
        let sent = sent.filter { !storedIDs.contains($0.eventID) && ($0.seq.map { $0 > newestStored } ?? true) }
        let known = Set((stored + sent).compactMap(\.transactionID))
        unsentCount = outbox.filter {
            $0.roomID == roomID && !known.contains($0.transactionID) && SentMessages.isTimelineMessage($0)
        }.count
        self.sent = sent
        self.stored = stored
    }

    /// The `place`th from the newest (`^` is 1); `nil` when the room has fewer.
    func message(at place: Int) -> Found? {
        guard place >= 1 else { return nil }
        if place <= unsentCount { return .unsent }
        let newer = Array(sent.reversed()) + stored.reversed()
        let index = place - unsentCount - 1
        return newer.indices.contains(index) ? .message(newer[index]) : nil
    }
}
