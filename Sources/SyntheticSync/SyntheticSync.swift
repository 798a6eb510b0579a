/// A synthetic initial `/sync` response shaped like Synapse's: `rooms` joined rooms, each with
/// its state (create, join rules, history visibility, name, topic, canonical alias and
/// `members` member events), a limited timeline of `events` text messages, a summary and unread
/// counts, plus the empty sections Synapse always sends. The same arguments give the same bytes.
public struct SyntheticSync: Sendable {
    public var rooms: Int
    public var events: Int
    public var members: Int
    public var seed: UInt64
    /// The account the response is for: a member of every room.
    public static let userID = "@bench:example.org"
    static let server = "example.org"
    static let startTime = 1_700_000_000_000

    public init(rooms: Int, events: Int, members: Int, seed: UInt64 = 1) {
        self.rooms = rooms
        self.events = events
        self.members = members
        self.seed = seed
    }

    public func json() -> String {
        var random = SeededRandom(seed: seed)
        let people = People(count: max(members * 10, 100), random: &random)
        var writer = JSONWriter(reservingCapacity: rooms * (events * 330 + members * 360 + 2_000) + 1_000)
        writer.object { response in
            response.events("account_data") { _ in }
            response.events("to_device") { _ in }
            response.events("presence") { _ in }
            response.member("device_lists") { $0.key("changed"); $0.array { _ in } }
            response.member("device_one_time_keys_count") { $0.member("signed_curve25519", 50) }
            response.key("device_unused_fallback_key_types")
            response.array { $0.value("signed_curve25519") }
            response.member("rooms") { sections in
                sections.member("join") { joined in
                    for index in 0..<rooms {
                        var room = SyntheticRoom(index: index, in: self, people: people, random: &random)
                        room.write(into: &joined)
                    }
                }
                sections.member("invite") { _ in }
                sections.member("leave") { _ in }
            }
            response.member("next_batch", "s\(rooms)_\(events)_\(members)_\(seed)")
        }
        return writer.text
    }
}
