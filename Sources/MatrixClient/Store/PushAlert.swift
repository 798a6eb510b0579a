/// What the push rules said of one room's new messages in one sync, those of people the user
/// ignores left out: what the app rings or tells of.
public struct PushAlert: Sendable, Equatable {
    /// The newest new message that notifies.
    public var newest: MessageRecord
    /// How many of them notify as mentions (the `highlight` tweak).
    public var mentions: Int
    /// A mention, or a rule that asked for a sound.
    public var asksForAttention: Bool
}

/// Gathers the alerts by room as the messages are stored: by their place among the new ones,
/// since the messages are final only once the batch's edits are in. A batch brings each room's
/// messages together, so its room is looked up once for them, not once per message.
struct PushAlertGathering {
    private struct Gathered {
        var newest: Int
        var mentions = 0
        var asksForAttention = false
    }

    private var byRoom: [String: Gathered] = [:]
    private var roomID: String?
    private var current: Gathered?

    /// `actions` notify, for the new message at `index` in room `roomID`.
    mutating func add(_ actions: PushActions, at index: Int, in roomID: String) {
        if roomID != self.roomID {
            if let previous = self.roomID { byRoom[previous] = current }
            self.roomID = roomID
            current = byRoom[roomID]
        }
        var gathered = current ?? Gathered(newest: index)
        gathered.newest = index
        if actions.highlight { gathered.mentions += 1 }
        if actions.sound != nil || actions.highlight { gathered.asksForAttention = true }
        current = gathered
    }

    /// Each room's alert, its newest message taken from `fresh`, the new messages in their order.
    func alerts(in fresh: [MessageRecord]) -> [String: PushAlert] {
        var all = byRoom
        if let roomID { all[roomID] = current }
        return all.mapValues { PushAlert(newest: fresh[$0.newest], mentions: $0.mentions, asksForAttention: $0.asksForAttention) }
    }
}
