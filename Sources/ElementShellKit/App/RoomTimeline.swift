import MatrixClient

/// The newest messages of a room the user has opened, kept in memory so that opening it again and
/// the first pages of `/history` usually need no store read. Bounded by the `timeline_size`
/// setting: older messages are dropped here and come from the store, then from the server.
struct RoomTimeline: Sendable, Equatable {
    /// Oldest first, as the store orders them (by `seq`); always the newest stored ones.
    private(set) var messages: [MessageRecord] = []
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// Puts the newest stored messages (oldest first) before those that arrived while they were
    /// being read; any that arrived and were read too are kept once.
    mutating func fill(withStored stored: [MessageRecord]) {
        let firstArrived = messages.first?.seq ?? .max
        messages = stored.filter { ($0.seq ?? .max) < firstArrived } + messages
        trim()
    }

    /// Messages that have just been stored, in order; the oldest fall out beyond the capacity.
    /// Those held already are skipped: a store read that began before they arrived may have
    /// found them (`/open` fills the timeline while sync goes on).
    mutating func append(_ arrived: [MessageRecord]) {
        let newestHeld = messages.last?.seq ?? .min
        messages += arrived.filter { ($0.seq ?? .max) > newestHeld }
        trim()
    }

    /// A held message as it now stands (edited, redacted); one not held is none of its business.
    mutating func update(_ message: MessageRecord) {
        guard let index = messages.firstIndex(where: { $0.eventID == message.eventID }) else { return }
        messages[index] = message
    }

    /// A gap in the store: what was held is no longer the newest part of the room's timeline.
    mutating func startOver() {
        messages = []
    }

    mutating func resize(to capacity: Int) {
        self.capacity = max(capacity, 1)
        trim()
    }

    /// The `limit` messages before the one numbered `seq` (the newest without it), oldest first;
    /// `nil` when memory does not hold that many, and the store must answer.
    func page(before seq: Int64?, limit: Int) -> [MessageRecord]? {
        let end = seq.map { cursor in messages.firstIndex { ($0.seq ?? .max) >= cursor } ?? messages.endIndex } ?? messages.endIndex
        guard end >= limit else { return nil }
        return Array(messages[(end - limit)..<end])
    }

    private mutating func trim() {
        if messages.count > capacity { messages.removeFirst(messages.count - capacity) }
    }
}
