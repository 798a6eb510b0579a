import MatrixJSON
import Testing
@testable import MatrixClient

/// Polls read and counted as MSC3381 says, from what Element X sends and from hostile senders.
@Suite struct PollTests {
    /// A start as the Rust SDK sends it (seen on the wire).
    static let elementStart: JSONValue = [
        "org.matrix.msc1767.text": "Lunch?\n1. Pizza\n2. Sushi",
        "org.matrix.msc3381.poll.start": [
            "answers": [["id": "p", "org.matrix.msc1767.text": "Pizza"], ["id": "s", "org.matrix.msc1767.text": "Sushi"]],
            "kind": "org.matrix.msc3381.poll.disclosed", "max_selections": 1, "question": ["org.matrix.msc1767.text": "Lunch?"],
        ],
    ]

    static var lunch: PollDefinition { PollDefinition(content: elementStart)! }

    static func vote(_ sender: String, _ selections: [String]?, at time: Int64, id: String? = nil) -> PollResponse {
        PollResponse(eventID: id ?? "$\(sender)\(time)", roomID: "!r:hs", pollID: "$poll", sender: sender, selections: selections, originServerTS: time)
    }

    @Test func readsElementsUnstableStartAndTheStableForm() throws {
        let lunch = Self.lunch
        #expect(lunch.question == "Lunch?")
        #expect(lunch.answers == [.init(id: "p", text: "Pizza"), .init(id: "s", text: "Sushi")])
        #expect(lunch.kind == .disclosed && lunch.maxSelections == 1)
        let stable = try #require(PollDefinition(content: ["m.poll": [
            "question": ["m.text": [["mimetype": "text/html", "body": "<b>Q</b>"], ["body": "Q"]]], "kind": "m.undisclosed", "max_selections": 2,
            "answers": [["m.id": "a", "m.text": [["body": "A"]]], ["m.id": "b", "m.text": [["body": "B"]]]],
        ]]))
        #expect(stable.question == "Q" && stable.answers.map(\.text) == ["A", "B"] && stable.kind == .undisclosed && stable.maxSelections == 2)
        #expect(PollDefinition(content: lunch.content) == lunch, "what the shell sends reads back the same")
        #expect(lunch.content["org.matrix.msc1767.text"] == "Lunch?\n1. Pizza\n2. Sushi")
    }

    @Test func hostileStartsAreTrimmedOrRefused() {
        func start(_ answers: [JSONValue], question: JSONValue = ["org.matrix.msc1767.text": "Q"], kind: JSONValue = "weird",
                   max: JSONValue = 99) -> PollDefinition? {
            PollDefinition(content: ["org.matrix.msc3381.poll.start": ["question": question, "answers": .array(answers), "kind": kind, "max_selections": max]])
        }
        let many = start((0..<50).map { ["id": .string("a\($0)"), "org.matrix.msc1767.text": "x"] })
        #expect(many?.answers.count == 20, "past twenty answers are dropped")
        #expect(many?.maxSelections == 20, "no more selections than answers")
        #expect(many?.kind == .undisclosed, "an unknown kind is undisclosed")
        let twins = start([["id": "a", "org.matrix.msc1767.text": "first"], ["id": "a", "org.matrix.msc1767.text": "second"],
                           ["org.matrix.msc1767.text": "no id"], ["id": "b"], ["id": "c", "org.matrix.msc1767.text": "third"]], max: "lots")
        #expect(twins?.answers == [.init(id: "a", text: "first"), .init(id: "c", text: "third")])
        #expect(twins?.maxSelections == 1)
        #expect(start([]) == nil, "no answers, no poll")
        #expect(start([["id": "a", "org.matrix.msc1767.text": "x"]], question: [:]) == nil, "no question, no poll")
        #expect(start([["id": "a", "org.matrix.msc1767.text": "x"]], max: -3)?.maxSelections == 1)
    }

    @Test func eachVotersLatestVoteCountsAndUnknownAnswersSpoilIt() {
        let results = Self.lunch.results(of: [
            Self.vote("@a:hs", ["p"], at: 10), Self.vote("@a:hs", ["s"], at: 20),
            Self.vote("@b:hs", ["s"], at: 30), Self.vote("@b:hs", ["nope"], at: 40),
            Self.vote("@c:hs", ["p", "s"], at: 15),
            Self.vote("@d:hs", ["p"], at: 5), Self.vote("@d:hs", [], at: 6),
        ], creator: "@a:hs", mayEnd: { _ in false })
        #expect(results.voters == ["s": ["@a:hs"], "p": ["@c:hs"]], "c chose two of one allowed: the first counts")
        #expect(results.spoiled == ["@b:hs"], "b's latest vote names no answer: it is spoiled, not the one before")
        #expect(results.counted == ["@a:hs", "@c:hs"], "an empty vote takes d's back")
        #expect(!results.isEnded)
        #expect(results.winners(of: Self.lunch) == ["p", "s"])
    }

    @Test func onlyTheCreatorOrARedacterEndsItAndLaterVotesDoNotCount() {
        var lunch = Self.lunch
        lunch.maxSelections = 2
        let responses = [
            Self.vote("@a:hs", ["p", "p", "s"], at: 10), Self.vote("@troll:hs", nil, at: 15), Self.vote("@b:hs", ["s"], at: 20),
            Self.vote("@mod:hs", nil, at: 30), Self.vote("@creator:hs", nil, at: 40), Self.vote("@c:hs", ["p"], at: 35), Self.vote("@b:hs", ["p"], at: 31),
        ]
        let results = lunch.results(of: responses, creator: "@creator:hs", mayEnd: { $0 == "@mod:hs" })
        #expect(results.end == PollEnd(at: 30, by: "@mod:hs"), "the troll's end is ignored; the moderator's, first, counts")
        #expect(results.voters == ["p": ["@a:hs"], "s": ["@b:hs"]], "cut to two first, then a repeat counts once; votes after the end do not count")
        #expect(results.count(of: "s") == 1)
        let unmoderated = lunch.results(of: responses, creator: "@creator:hs", mayEnd: { _ in false })
        #expect(unmoderated.end == PollEnd(at: 40, by: "@creator:hs"))
    }

    @Test func responsesAreReadFromEitherNamespace() {
        let reference: JSONValue = ["rel_type": "m.reference", "event_id": "$poll"]
        let unstable = PollResponse(roomID: "!r:hs", event: SyncEvent(type: "org.matrix.msc3381.poll.response", eventID: "$v", sender: "@a:hs", originServerTS: 5,
                                                                       content: ["m.relates_to": reference, "org.matrix.msc3381.poll.response": ["answers": ["p", 3]]]))
        #expect(unstable?.selections == ["p", ""], "what is no ID is an unknown answer")
        let stable = PollResponse(roomID: "!r:hs", event: SyncEvent(type: "m.poll.response", eventID: "$w", sender: "@a:hs",
                                                                     content: ["m.relates_to": reference, "m.selections": ["s"]]))
        #expect(stable?.selections == ["s"])
        let end = PollResponse(roomID: "!r:hs", event: SyncEvent(type: "org.matrix.msc3381.poll.end", eventID: "$e", sender: "@a:hs",
                                                                  content: ["m.relates_to": reference]))
        #expect(end?.isEnd == true)
        #expect(PollResponse(roomID: "!r:hs", event: SyncEvent(type: "m.poll.response", eventID: "$x", sender: "@a:hs", content: ["m.selections": ["s"]])) == nil,
                "a vote that refers to no poll is none")
    }
}
