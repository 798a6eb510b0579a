import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Events that do not fit the spec, from a sync response to the screen: each keeps its place in
/// the timeline as a malformed message naming the field at fault, changes no room state, survives
/// the store, and shows (in text and JSON) without anything of its content.
@Suite struct MalformedEventTests {
    let directory = TemporaryDirectory()

    static let response = """
        {"next_batch":"s1","rooms":{"join":{"!r":{
          "state":{"events":[{"type":"m.room.name","state_key":"","sender":"@a:hs","content":{"name":"Lounge"}}]},
          "timeline":{"events":[
            {"type":"m.room.message","event_id":"$before","sender":"@a:hs","origin_server_ts":1,"content":{"msgtype":"m.text","body":"before"}},
            {"type":"m.room.message","event_id":"$number","sender":"@a:hs","origin_server_ts":2,"content":{"msgtype":"m.text","body":42}},
            {"type":"m.room.message","event_id":"$nomsgtype","sender":"@a:hs","origin_server_ts":3,"content":{"body":"secret-words"}},
            {"type":"m.room.message","event_id":"$string","sender":"@a:hs","origin_server_ts":4,"content":"secret-words"},
            {"type":"m.room.name","state_key":"","event_id":"$name","sender":7,"origin_server_ts":5,"content":{"name":"secret-words"}},
            {"type":"m.room.message","sender":"@a:hs","origin_server_ts":6,"content":[]},
            {"type":"org.example.unknown","event_id":"$unknown","sender":"@a:hs","origin_server_ts":7,"content":{"body":"secret-words"}},
            {"type":"m.room.message","event_id":"$after","sender":"@a:hs","origin_server_ts":8,"content":{"msgtype":"m.text","body":"after"}}
          ]}}}}}
        """

    @Test func malformedEventsKeepTheirPlaceAndChangeNoState() async throws {
        let response = try SyncResponse(json: Data(Self.response.utf8))
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        let result = try await store.apply(response, userID: "@me:hs")

        #expect(result.messages.map(\.eventID) == ["$before", "$number", "$nomsgtype", "$string", "$name", "$after"],
                "in timeline order; one without an ID has no place, an unknown type is no message")
        #expect(result.messages.map(\.malformedField) == [nil, "content.body", "content.msgtype", "content", "sender", nil])
        #expect(result.messages.filter { $0.malformedField != nil }.allSatisfy { $0.body.isEmpty && $0.formattedBody == nil })
        #expect(result.rooms.first?.name == "Lounge", "an m.room.name from a sender that is no string renames nothing")

        let stored = try await store.messages(in: "!r", before: nil, limit: 10)
        #expect(stored.map(\.malformedField) == result.messages.map(\.malformedField), "the store keeps why")
    }

    @Test func aMalformedMessageShowsAsSuchInTheUsersLanguage() {
        var message = MessageView(roomID: "!r", eventID: "$number", transactionID: nil, sender: "@a:hs", senderName: "Ann",
                                  msgtype: "m.text", body: "", timestamp: 0, isPending: false)
        message.malformedField = "content.body"
        let text = MessageText(theme: Theme(usesColor: false, accent: .named(.green)), now: Date(timeIntervalSince1970: 0))
        let english = L10n.$languageOverride.withValue("en") { text.lines(for: message) }
        #expect(english.count == 1)
        #expect(english[0].hasSuffix("Ann: Malformed event: its content.body does not fit the Matrix specification, so it cannot be shown"))
        let german = L10n.$languageOverride.withValue("de") { text.lines(for: message) }
        #expect(german[0].contains("Fehlerhaftes Ereignis: Sein Feld content.body"))

        guard case .object(let fields) = JSONRenderer.object(for: Report(content: .message(message), location: nil)) else {
            Issue.record("a message is an object")
            return
        }
        #expect(fields["malformed"] == .string("content.body"))
        #expect(fields["body"] == .string(""))

        message.sender = ""
        message.senderName = ""
        message.malformedField = "sender"
        let nameless = L10n.$languageOverride.withValue("en") { text.lines(for: message) }
        #expect(nameless[0].contains("(unknown sender): Malformed event: its sender does not fit"), "\(nameless)")
    }
}
