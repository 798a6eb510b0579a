import Foundation
import Testing

/// Rooms as Element X users run them, between qiu's shell, two matrix-nio peers, rae and sid, and
/// tia's Element X (the Rust SDK peer): roles, pins, knocking, the directory, upgrades and polls.
/// All four are this suite's alone.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil && NioPeer.python != nil && RustSDKPeer.python != nil,
                             "needs Synapse and the nio and Rust SDK venvs of Scripts/test"))
struct ShellRoomAdminIntegrationTests {
    let homeserver = TestHomeserver.current!
    var qiu: String { homeserver.user(43) }
    var qiuID: String { "@\(qiu):\(homeserver.serverName)" }
    var rae: NioPeer { NioPeer(homeserver: homeserver, user: homeserver.user(44)) }
    var sid: NioPeer { NioPeer(homeserver: homeserver, user: homeserver.user(45)) }
    var tiaID: String { "@\(homeserver.user(46)):\(homeserver.serverName)" }

    /// Tia's Element X, kept in the shell's home for the test.
    func tia(in shell: ShellProcess) throws -> RustSDKPeer {
        RustSDKPeer(homeserver: homeserver, user: homeserver.user(46), storeDirectory: shell.home.appending(path: "tia").path,
                    passwordFile: try shell.write(homeserver.password, to: "tia-password"))
    }

    /// The poll of a run's last `/open` whose question is `question`.
    static func poll(_ question: String, in run: ShellProcess.Result) -> (ref: String, poll: [String: Any])? {
        let messages = run.result(of: "open")?["messages"] as? [[String: Any]] ?? []
        guard let message = messages.last(where: { ($0["poll"] as? [String: Any])?["question"] as? String == question }),
              let ref = message["ref"] as? String, let poll = message["poll"] as? [String: Any] else { return nil }
        return (ref, poll)
    }
    var password: [String: String] { ["ELEMENT_SHELL_PASSWORD": homeserver.password] }

    /// A room qiu's shell creates, rae and sid in it; the shell's arguments and the room's ID.
    func roomWithPeers(_ name: String, in shell: ShellProcess) async throws -> (base: [String], roomID: String) {
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let created = try await shell.run(base + ["-c", "/login test \(qiu)", "-c", "/create \(name)", "-c", "/invite \(rae.userID)",
                                                  "-c", "/invite \(sid.userID)"], extraEnvironment: password)
        let roomID = try #require(created.result(of: "create")?["room_id"] as? String, "\(created.standardOutput)")
        _ = try await rae.join(roomID)
        _ = try await sid.join(roomID)
        return (base, roomID)
    }

    static func errcode(of call: () async throws -> Void) async -> String? {
        do {
            try await call()
            return nil
        } catch let failure as PeerScript.Failure {
            return failure.answer
        } catch {
            return "\(error)"
        }
    }

    @Test func aRoleGivenByTheShellLetsThePeerModerate() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let (base, roomID) = try await roomWithPeers("Roles \(UUID().uuidString.prefix(6))", in: shell)
        #expect(await Self.errcode { try await rae.kick(sid.userID, from: roomID) } == "M_FORBIDDEN", "rae has no power yet")

        let opped = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/op \(rae.userID)", "-c", "/roles", "-c", "/op \(qiuID) 50"])
        #expect(opped.objects.first { $0["command"] as? String == "op" }?["level"] as? Int == 50, "\(opped.standardOutput)")
        #expect(opped.errorCodes == ["creator_power_fixed"], "\(opped.standardOutput)")
        let members = opped.result(of: "roles")?["members"] as? [[String: Any]] ?? []
        #expect(members.map { $0["user_id"] as? String } == [qiuID, rae.userID], "the v12 creator first, then the new moderator")
        #expect(members.first?["creator"] as? Bool == true)
        #expect((opped.result(of: "roles")?["levels"] as? [String: Int])?["kick"] == 50)

        // The new moderator moderates, in her own client.
        #expect(await Self.errcode { try await rae.kick(sid.userID, from: roomID, reason: "testing roles") } == nil)
        #expect(try await rae.awaitMembership("leave", of: sid.userID, in: roomID))

        // Kicking now needs more than she has; then her role is taken back.
        let raised = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/roles set kick 75", "-c", "/invite \(sid.userID)"])
        #expect(raised.result(of: "roles")?["level"] as? Int == 75, "\(raised.standardOutput)")
        _ = try await sid.join(roomID)
        #expect(await Self.errcode { try await rae.kick(sid.userID, from: roomID) } == "M_FORBIDDEN")
        let deopped = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/deop \(rae.userID)", "-c", "/roles"])
        #expect(deopped.result(of: "deop")?["default"] as? Bool == true, "\(deopped.standardOutput)")
        #expect((deopped.result(of: "roles")?["members"] as? [[String: Any]])?.count == 1)
        let levels = try await rae.state("m.room.power_levels", in: roomID)
        #expect((levels?["users"] as? [String: Int])?[rae.userID] == nil, "the peer reads her level gone")
        #expect(levels?["kick"] as? Int == 75)
    }

    @Test func pinsOfThePeerAreListedAndOursAreRead() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let tag = UUID().uuidString.prefix(6)
        let (base, roomID) = try await roomWithPeers("Pins \(tag)", in: shell)
        let raeMessage = try await rae.sendEvent("m.room.message", content: #"{"msgtype": "m.text", "body": "read the rules \#(tag)"}"#, to: roomID)
        let opped = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/op \(rae.userID)", "-c", "/pins", "-c", "/unpin \(raeMessage)"])
        #expect(opped.result(of: "pins")?["pinned"] as? [Any] == nil || (opped.result(of: "pins")?["pinned"] as? [Any])?.isEmpty == true)
        #expect(opped.errorCodes == ["not_pinned"], "\(opped.standardOutput)")
        _ = try await rae.putState("m.room.pinned_events", content: #"{"pinned": ["\#(raeMessage)", "$unknown\#(tag)"]}"#, in: roomID)

        let listed = try await shell.run(base + ["-c", "/wait sync", "-c", "/open \(roomID)", "-c", "/pins", "-c", "hello \(tag)", "-c", "/wait sent",
                                                 "-c", "/pin ^"])
        #expect(listed.result(of: "open")?["pinned_count"] as? Int == 2, "\(listed.standardOutput)")
        let pins = listed.result(of: "pins")?["pinned"] as? [[String: Any]] ?? []
        #expect(pins.map { $0["event_id"] as? String } == [raeMessage, "$unknown\(tag)"], "\(listed.standardOutput)")
        #expect(pins.first?["body"] as? String == "read the rules \(tag)")
        #expect(pins.last?["unavailable"] as? Bool == true)
        let pinned = listed.result(of: "pin")
        #expect(pinned?["count"] as? Int == 3 && pinned?["changed"] as? Bool == true, "\(listed.standardOutput)")
        let ours = try #require(pinned?["event_id"] as? String)

        // The peer reads ours after hers; the shell unpins the one nobody can see.
        let state = try await rae.state("m.room.pinned_events", in: roomID)
        #expect(state?["pinned"] as? [String] == [raeMessage, "$unknown\(tag)", ours])
        let unpinned = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/pins", "-c", "/unpin $unknown\(tag)"])
        #expect(unpinned.result(of: "unpin")?["count"] as? Int == 2, "\(unpinned.standardOutput)")
        #expect(try await rae.state("m.room.pinned_events", in: roomID)?["pinned"] as? [String] == [raeMessage, ours])
    }

    @Test func upgradesAreFollowedEachWay() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let tag = UUID().uuidString.prefix(6)
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]

        // The peer upgrades a version 10 room to 12 and invites its members; /open of the old room
        // says where the conversation went, and once joined there the old one leaves the list.
        let oldID = try await rae.createRoom(named: "Old \(tag)", version: "10", inviting: qiuID)
        _ = try await shell.run(base + ["-c", "/login test \(qiu)", "-c", "/join \(oldID)"], extraEnvironment: password)
        let newID = try await rae.upgrade(oldID, to: "12", invitingMembers: true)
        #expect(!newID.contains(":"), "a version 12 room's ID names no server: \(newID)")
        let told = try await shell.run(base + ["-c", "/wait sync", "-c", "/open \(oldID)", "-c", "/join \(newID)", "-c", "/wait sync", "-c", "/rooms"])
        #expect(told.result(of: "open")?["replaced_by"] as? String == newID, "\(told.standardOutput)")
        let listed = (told.result(of: "rooms")?["rooms"] as? [[String: Any]] ?? []).compactMap { $0["room_id"] as? String }
        #expect(listed.contains(newID) && !listed.contains(oldID), "\(listed)")

        // The shell upgrades a room of its own; the peer, invited, follows the tombstone.
        let created = try await shell.run(base + ["-c", "/create Mine \(tag)", "-c", "/invite \(rae.userID)"])
        let mineID = try #require(created.result(of: "create")?["room_id"] as? String)
        _ = try await rae.join(mineID)
        let upgraded = try await shell.run(base + ["-c", "/open \(mineID)", "-c", "/upgrade 12", "-c", "/upgrade! 12"])
        #expect(upgraded.errorCodes == ["confirmation_required"], "\(upgraded.standardOutput)")
        let result = upgraded.result(of: "upgrade")
        let replacementID = try #require(result?["room_id"] as? String, "\(upgraded.standardOutput)")
        #expect(result?["invited"] as? [String] == [rae.userID])
        #expect(try await rae.follow(mineID) == replacementID)
        #expect(try await rae.awaitMembership("join", of: rae.userID, in: replacementID))
        let again = try await shell.run(base + ["-c", "/wait sync", "-c", "/open \(mineID)", "-c", "/upgrade! 12"])
        #expect(again.errorCodes == ["already_upgraded"], "\(again.standardOutput)")
    }

    @Test func knocksAreSeenAndAnsweredEachWay() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let tag = UUID().uuidString.prefix(6)
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]

        // The shell's room asks for knocks; sid knocks, the shell sees it and lets him in.
        let created = try await shell.run(base + ["-c", "/login test \(qiu)", "-c", "/create Door \(tag)", "-c", "/joinrule knock"],
                                          extraEnvironment: password)
        let roomID = try #require(created.result(of: "create")?["room_id"] as? String, "\(created.standardOutput)")
        #expect(created.result(of: "joinrule")?["join_rule"] as? String == "knock")
        #expect(try await sid.knock(roomID, reason: "let me in \(tag)") == roomID)
        let seen = try await shell.run(base + ["-c", "/wait sync", "-c", "/open \(roomID)", "-c", "/knocks", "-c", "/invite \(sid.userID)"])
        let told = seen.objects.filter { $0["type"] as? String == "knock" }
        #expect(told.map { $0["user_id"] as? String } == [sid.userID], "\(seen.standardOutput)")
        #expect(told.first?["reason"] as? String == "let me in \(tag)")
        let knocks = seen.result(of: "knocks")?["knocks"] as? [[String: Any]] ?? []
        #expect(knocks.map { $0["user_id"] as? String } == [sid.userID], "\(seen.standardOutput)")
        #expect(seen.result(of: "invite")?["ok"] as? Bool == true)
        _ = try await sid.join(roomID)
        let after = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/knocks"])
        #expect((after.result(of: "knocks")?["knocks"] as? [Any])?.isEmpty == true, "\(after.standardOutput)")

        // Rae's room asks for knocks; the shell knocks, rae lets it in, the shell accepts.
        let doorID = try await rae.createRoom(named: "Rae's door \(tag)", joinRule: "knock")
        let knocked = try await shell.run(base + ["-c", "/knock \(doorID) hello from the shell", "-c", "/knock #nowhere-\(tag):\(homeserver.serverName)"])
        #expect(knocked.result(of: "knock")?["ok"] as? Bool == false, "no such room")
        #expect(knocked.objects.first { $0["command"] as? String == "knock" }?["room_id"] as? String == doorID, "\(knocked.standardOutput)")
        #expect(try await rae.awaitMembership("knock", of: qiuID, in: doorID))
        try await rae.invite(qiuID, to: doorID)
        let accepted = try await shell.run(base + ["-c", "/wait sync", "-c", "/accept \(doorID)"])
        #expect(accepted.result(of: "accept")?["room_id"] as? String == doorID, "\(accepted.standardOutput)")
        #expect(try await rae.awaitMembership("join", of: qiuID, in: doorID))
    }

    @Test func aRoomThePeerPublishesIsFoundAndJoined() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let tag = UUID().uuidString.prefix(6)
        let base = try shell.testerArguments(for: homeserver) + ["--output", "json"]
        let roomID = try await rae.createPublicRoom(named: "Listed \(tag)")
        try await rae.publish(roomID)
        #expect(try await rae.publicRooms(search: "Listed \(tag)").map(\.roomID) == [roomID])

        let found = try await shell.run(base + ["-c", "/login test \(qiu)", "-c", "/directory Listed \(tag)", "-c", "/join 1",
                                                "-c", "/directory nothing-like-\(tag)"], extraEnvironment: password)
        let listed = found.objects.filter { $0["command"] as? String == "directory" }
        let rooms = listed.first?["rooms"] as? [[String: Any]] ?? []
        #expect(rooms.map { $0["room_id"] as? String } == [roomID], "\(found.standardOutput)")
        #expect(rooms.first?["name"] as? String == "Listed \(tag)")
        #expect(rooms.first?["members"] as? Int == 1)
        #expect((listed.last?["rooms"] as? [Any])?.isEmpty == true)
        #expect(found.result(of: "join")?["room_id"] as? String == roomID, "\(found.standardOutput)")
        #expect(try await rae.awaitMembership("join", of: qiuID, in: roomID))
    }

    @Test func aPollOfElementXIsShownVotedOnAndEndedWhateverOthersSend() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let tag = UUID().uuidString.prefix(6)
        let (base, roomID) = try await roomWithPeers("Polls \(tag)", in: shell)
        let tia = try tia(in: shell)
        let invited = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/invite \(tiaID)"])
        #expect(invited.result(of: "invite")?["ok"] as? Bool == true, "\(invited.standardOutput)")
        let question = "Lunch \(tag)?"
        let pollID = try await tia.createPoll(in: roomID, question: question, answers: ["Pizza", "Sushi", "Salad"])

        let shown = try await shell.run(base + ["-c", "/wait sync", "-c", "/open \(roomID)"])
        let (ref, poll) = try #require(Self.poll(question, in: shown), "\(shown.standardOutput)")
        let answers = poll["answers"] as? [[String: Any]] ?? []
        #expect(answers.map { $0["text"] as? String } == ["Pizza", "Sushi", "Salad"])
        #expect(poll["kind"] as? String == "disclosed")
        let pizza = try #require(answers.first?["id"] as? String), sushi = try #require(answers.dropFirst().first?["id"] as? String)

        // Rae votes Pizza; sid spoils his vote with an answer the poll lacks and, without the
        // power to, tries to end it; the shell votes Sushi.
        let reference = #""m.relates_to": {"rel_type": "m.reference", "event_id": "\#(pollID)"}"#
        _ = try await rae.sendEvent("org.matrix.msc3381.poll.response", content: #"{\#(reference), "org.matrix.msc3381.poll.response": {"answers": ["\#(pizza)"]}}"#, to: roomID)
        _ = try await sid.sendEvent("org.matrix.msc3381.poll.response", content: #"{\#(reference), "org.matrix.msc3381.poll.response": {"answers": ["nope"]}}"#, to: roomID)
        _ = try await sid.sendEvent("org.matrix.msc3381.poll.end", content: #"{\#(reference), "org.matrix.msc3381.poll.end": {}}"#, to: roomID)
        let voted = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/vote \(ref) 5", "-c", "/vote \(ref) 1 2", "-c", "/vote \(ref) Sushi",
                                                "-c", "/wait sent", "-c", "/wait sync", "-c", "/open \(roomID)"])
        #expect(voted.errorCodes == ["unknown_poll_answer", "too_many_poll_answers"], "\(voted.standardOutput)")
        let standing = try #require(Self.poll(question, in: voted)?.poll)
        #expect((standing["answers"] as? [[String: Any]])?.map { $0["votes"] as? Int } == [1, 1, 0], "\(standing)")
        #expect(standing["spoiled"] as? Int == 1)
        #expect(standing["ended"] as? Bool == false, "sid may not end it")
        #expect((standing["answers"] as? [[String: Any]])?[1]["chosen"] as? Bool == true)

        // Element X counts the shell's vote with rae's, then ends the poll; the shell shows the end.
        let seen = try await tia.polls(in: roomID, poll: pollID, expectVotes: 2)
        let votes = seen.first?["votes"] as? [String: [String]] ?? [:]
        #expect(votes[sushi] == [qiuID] && votes[pizza] == [rae.userID], "\(seen)")
        try await tia.endPoll(pollID, in: roomID)
        let ended = try await shell.run(base + ["-c", "/wait sync", "-c", "/open \(roomID)", "-c", "/vote \(ref) 1"])
        let final = try #require(Self.poll(question, in: ended)?.poll, "\(ended.standardOutput)")
        #expect(final["ended"] as? Bool == true && final["ended_by"] as? String == tiaID, "\(final)")
        #expect(final["winners"] as? [String] == [pizza, sushi])
        #expect(ended.errorCodes == ["poll_ended"])
    }

    @Test func ourPollIsReadByElementXWithItsVotesAndHostilePollsAreTamed() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let tag = UUID().uuidString.prefix(6)
        let (base, roomID) = try await roomWithPeers("Our poll \(tag)", in: shell)
        let tia = try tia(in: shell)
        let question = "Colour \(tag)?"
        let asked = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/invite \(tiaID)",
                                                "-c", "/poll \"\(question)\" red green \"deep blue\" --undisclosed --multiple 2", "-c", "/wait sent"])
        #expect(asked.result(of: "poll")?["question"] as? String == question, "\(asked.standardOutput)")

        // Element X reads it as sent and votes twice; the shell shows only who voted until the end.
        let read = try await tia.polls(in: roomID)
        let ours = try #require(read.first { $0["question"] as? String == question }, "\(read)")
        #expect(ours["kind"] as? String == "undisclosed" && ours["max_selections"] as? Int == 2)
        let ids = (ours["answers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect((ours["answers"] as? [[String: Any]])?.map { $0["text"] as? String } == ["red", "green", "deep blue"])
        let pollID = try #require(ours["event_id"] as? String)
        try await tia.vote([ids[0]], inPoll: pollID, in: roomID)
        try await tia.vote([ids[1], ids[2]], inPoll: pollID, in: roomID)
        let hidden = try await shell.run(base + ["-c", "/wait sync", "-c", "/open \(roomID)"])
        let (ref, poll) = try #require(Self.poll(question, in: hidden), "\(hidden.standardOutput)")
        #expect((poll["answers"] as? [[String: Any]])?.allSatisfy { $0["votes"] is NSNull } == true, "undisclosed: no counts yet")
        #expect(poll["voters"] as? [String] == [tiaID])

        // The shell ends it; Element X sees it ended, and the shell shows the latest vote counted.
        let ended = try await shell.run(base + ["-c", "/open \(roomID)", "-c", "/endpoll \(ref)", "-c", "/wait sent", "-c", "/wait sync",
                                                "-c", "/open \(roomID)"])
        #expect(ended.result(of: "endpoll")?["ok"] as? Bool == true, "\(ended.standardOutput)")
        let final = try #require(Self.poll(question, in: ended)?.poll)
        #expect((final["answers"] as? [[String: Any]])?.map { $0["votes"] as? Int } == [0, 1, 1], "only tia's latest vote counts: \(final)")
        #expect(try await tia.polls(in: roomID, poll: pollID, expectEnded: true).first?["ended"] as? Bool == true)

        // A hostile poll: 25 answers, one ID twice; it shows the first twenty, each ID once.
        let answers = (1...25).map { #"{"id": "\#($0 == 2 ? 1 : $0)", "org.matrix.msc1767.text": "answer \#($0)"}"# }.joined(separator: ", ")
        _ = try await rae.sendEvent("org.matrix.msc3381.poll.start", content: #"""
            {"org.matrix.msc3381.poll.start": {"question": {"org.matrix.msc1767.text": "Hostile \#(tag)?"}, "kind": "x", "max_selections": 99,
             "answers": [\#(answers)]}, "org.matrix.msc1767.text": "fallback"}
            """#, to: roomID)
        let hostile = try await shell.run(base + ["-c", "/wait sync", "-c", "/open \(roomID)"])
        let tamed = try #require(Self.poll("Hostile \(tag)?", in: hostile)?.poll, "\(hostile.standardOutput)")
        let texts = (tamed["answers"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(texts.count == 20 && !texts.contains("answer 2") && texts.last == "answer 21", "\(texts)")
        #expect(tamed["kind"] as? String == "undisclosed" && tamed["max_selections"] as? Int == 20)
    }
}
