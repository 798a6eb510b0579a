/// One joined room of a `SyntheticSync`, written as Synapse writes it: each event with its ID,
/// sender, timestamp and `unsigned.age`, state before timeline.
struct SyntheticRoom {
    private let index: Int
    private let spec: SyntheticSync
    private let roomID: String
    private let members: [People.Person]
    private let creator: People.Person
    private var random: SeededRandom

    init(index: Int, in spec: SyntheticSync, people: People, random: inout SeededRandom) {
        self.index = index
        self.spec = spec
        roomID = "!" + random.identifier(length: 18) + ":" + SyntheticSync.server
        let me = People.Person(userID: SyntheticSync.userID, displayName: "Bench", avatarURL: "mxc://\(SyntheticSync.server)/bench")
        let others = people.all.shuffled(using: &random).prefix(max(spec.members - 1, 0))
        members = [me] + others
        creator = members.count > 1 ? members[1] : me
        // The room continues the shared sequence, so rooms differ yet the file stays reproducible.
        self.random = SeededRandom(seed: random.next())
    }

    mutating func write(into joined: inout JSONWriter) {
        let created = SyntheticSync.startTime + index * 3_600_000
        joined.member(roomID) { room in
            room.member("summary") { summary in
                summary.key("m.heroes")
                summary.array { heroes in
                    for hero in members.dropFirst().prefix(5) { heroes.value(hero.userID) }
                }
                summary.member("m.joined_member_count", members.count)
                summary.member("m.invited_member_count", 0)
            }
            room.events("state") { state in
                writeState(into: &state, at: created)
            }
            room.member("timeline") { timeline in
                timeline.key("events")
                timeline.array { events in
                    for number in 0..<spec.events {
                        let sender = random.element(of: members)
                        let body = MessageBodies.body(random: &random)
                        event(into: &events, type: "m.room.message", sender: sender, at: created + 60_000 + number * 45_000) {
                            $0.member("msgtype", "m.text")
                            $0.member("body", body)
                        }
                    }
                }
                timeline.key("limited")
                timeline.value(true)
                timeline.member("prev_batch", "t\(index)-\(random.next() % 100_000)_0_0_0_0_0_0_0_0")
            }
            room.events("ephemeral") { _ in }
            room.events("account_data") { _ in }
            room.member("unread_notifications") { counts in
                counts.member("notification_count", Int(random.next() % 12))
                counts.member("highlight_count", Int(random.next() % 3))
            }
            room.member("unread_thread_notifications") { _ in }
        }
    }

    private mutating func writeState(into state: inout JSONWriter, at created: Int) {
        // Content closures read locals: `event` mutates `self` (its random source) meanwhile.
        let name = MessageBodies.body(random: &random).prefix(24).filter { $0 != "." }
        let (creator, alias) = (creator, "#room\(index):\(SyntheticSync.server)")
        event(into: &state, type: "m.room.create", stateKey: "", sender: creator, at: created) {
            $0.member("room_version", "10")
            $0.member("creator", creator.userID)
        }
        event(into: &state, type: "m.room.join_rules", stateKey: "", sender: creator, at: created + 1) { $0.member("join_rule", "invite") }
        event(into: &state, type: "m.room.history_visibility", stateKey: "", sender: creator, at: created + 2) {
            $0.member("history_visibility", "shared")
        }
        event(into: &state, type: "m.room.name", stateKey: "", sender: creator, at: created + 3) { $0.member("name", name) }
        let topic = MessageBodies.body(random: &random)
        event(into: &state, type: "m.room.topic", stateKey: "", sender: creator, at: created + 4) { $0.member("topic", topic) }
        event(into: &state, type: "m.room.canonical_alias", stateKey: "", sender: creator, at: created + 5) {
            $0.member("alias", alias)
        }
        for (offset, member) in members.enumerated() {
            event(into: &state, type: "m.room.member", stateKey: member.userID, sender: member, at: created + 10 + offset) {
                $0.member("membership", "join")
                $0.member("displayname", member.displayName)
                $0.member("avatar_url", member.avatarURL)
            }
        }
    }

    private mutating func event(into list: inout JSONWriter, type: String, stateKey: String? = nil, sender: People.Person, at time: Int,
                                content: (inout JSONWriter) -> Void) {
        let eventID = "$" + random.identifier(length: 43)
        let age = Int(random.next() % 5_000_000)
        list.object { event in
            event.member("type", type)
            if let stateKey { event.member("state_key", stateKey) }
            event.member("sender", sender.userID)
            event.member("content", object: content)
            event.member("origin_server_ts", time)
            event.member("unsigned") { $0.member("age", age) }
            event.member("event_id", eventID)
        }
    }
}
