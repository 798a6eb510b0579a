import Foundation

/// The inline filter sent with every `/sync` (spec: Filtering). Members are lazy-loaded in
/// both `state` and `timeline`, so a room with thousands of members costs only the senders
/// shown; the timeline limit bounds each room's share of a sync.
struct SyncFilter: Encodable, Equatable {
    struct RoomFilter: Encodable, Equatable {
        var state: RoomEventFilter
        var timeline: RoomEventFilter
    }

    struct RoomEventFilter: Encodable, Equatable {
        var limit: Int?
        var lazyLoadMembers: Bool

        enum CodingKeys: String, CodingKey {
            case limit
            case lazyLoadMembers = "lazy_load_members"
        }
    }

    var room: RoomFilter

    init(timelineLimit: Int) {
        room = RoomFilter(state: RoomEventFilter(lazyLoadMembers: true),
                          timeline: RoomEventFilter(limit: timelineLimit, lazyLoadMembers: true))
    }

    /// The filter as the `filter` query parameter carries it; keys sorted so the same
    /// settings always give the same string.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Integers and booleans always encode: this cannot throw.
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }
}
