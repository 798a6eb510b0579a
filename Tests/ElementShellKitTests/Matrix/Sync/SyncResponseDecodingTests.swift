import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct SyncResponseDecodingTests {
    private func decode(_ json: String) throws -> SyncResponse {
        try SyncResponse(json: Data(json.utf8))
    }

    @Test func decodesGlobalAccountDataByTypeSkippingMalformedEvents() throws {
        let response = try decode("""
        {"next_batch": "s", "account_data": {"events": [
          {"type": "m.direct", "content": {"@bob:hs": ["!dm1", "!dm2"]}},
          {"content": {"no": "type"}},
          {"type": "m.push_rules", "content": {}}
        ]}}
        """)
        #expect(response.accountData.keys.sorted() == ["m.direct", "m.push_rules"])
        #expect(response.accountData["m.direct"]?["@bob:hs"]?.array?.compactMap(\.string) == ["!dm1", "!dm2"])
        #expect(try decode(#"{"next_batch": "s", "account_data": null}"#).accountData.isEmpty)
    }

    @Test func decodesJoinedInvitedAndLeftRooms() throws {
        let response = try decode(Self.fixture)
        #expect(response.nextBatch == "s72595_4483_1934")
        #expect(Set(response.rooms.joined.keys) == ["!lounge:hs.example"])
        #expect(Set(response.rooms.invited.keys) == ["!party"])
        #expect(Set(response.rooms.left.keys) == ["!old:hs.example"])

        let lounge = try #require(response.rooms.joined["!lounge:hs.example"])
        #expect(lounge.state.map(\.type) == ["m.room.create", "m.room.name", "m.room.canonical_alias", "m.room.member"])
        let name = try #require(lounge.state.first { $0.type == "m.room.name" })
        #expect(name.content["name"]?.string == "The Lounge")
        #expect(name.stateKey == "" && name.isState)
        #expect(name.eventID == "$name" && name.sender == "@alice:hs.example" && name.originServerTS == 1_700_000_000_001)
        #expect(lounge.state.first { $0.type == "m.room.canonical_alias" }?.content["alias"]?.string == "#lounge:hs.example")
        let member = try #require(lounge.state.first { $0.type == "m.room.member" })
        #expect(member.stateKey == "@bob:hs.example" && member.content["membership"]?.string == "join")
        #expect(member.content["displayname"]?.string == "Bob")

        #expect(lounge.timeline.limited)
        #expect(lounge.timeline.previousBatch == "t34-23535_0_0")
        #expect(lounge.timeline.events.map(\.eventID) == ["$m1", "$m2"])
        let reply = lounge.timeline.events[1]
        #expect(!reply.isState && reply.sender == "@bob:hs.example")
        #expect(reply.content["body"]?.string == "hi *there*")
        #expect(reply.content["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.string == "$m1")
        #expect(reply.unsigned == ["transaction_id": "m123.4"], "`age` is not kept")
        #expect(lounge.timeline.events[0].unsigned == nil)
        #expect(lounge.state.first { $0.eventID == "$name" }?.unsigned == nil, "an `unsigned` of only `age` is none")

        #expect(lounge.unreadNotifications == .init(notificationCount: 2, highlightCount: 1))
        #expect(lounge.summary == .init(heroes: ["@bob:hs.example", "@carol:hs.example"], joinedMemberCount: 3, invitedMemberCount: 1))
    }

    @Test func decodesInviteStrippedState() throws {
        let invite = try #require(try decode(Self.fixture).rooms.invited["!party"])
        #expect(invite.inviteState.map(\.type) == ["m.room.name", "m.room.member"])
        #expect(invite.inviteState.allSatisfy { $0.eventID == nil && $0.originServerTS == nil })
        #expect(invite.inviteState[0].content["name"]?.string == "Party")
        #expect(invite.inviteState[1].stateKey == "@carol:hs.example")
        #expect(invite.inviteState[1].content["membership"]?.string == "invite")
    }

    @Test func decodesLeftRooms() throws {
        let left = try #require(try decode(Self.fixture).rooms.left["!old:hs.example"])
        #expect(left.state.isEmpty)
        #expect(left.timeline.events.map(\.type) == ["m.room.member"])
        #expect(left.timeline.events[0].content["membership"]?.string == "leave")
        #expect(!left.timeline.limited && left.timeline.previousBatch == nil)
    }

    @Test func missingSectionsDecodeAsEmpty() throws {
        #expect(try decode(#"{"next_batch":"s1"}"#) == SyncResponse(nextBatch: "s1"))
        #expect(try decode(#"{"next_batch":"s1","rooms":{}}"#).rooms == SyncResponse.Rooms())
        let room = try decode(#"{"next_batch":"s1","rooms":{"join":{"!a":{}},"invite":{"!b":{}}}}"#).rooms
        #expect(room.joined["!a"] == SyncResponse.JoinedRoom())
        #expect(room.invited["!b"] == SyncResponse.InvitedRoom())
        #expect(room.joined["!a"]?.summary.heroes == nil, "a left-out summary means unchanged, not no heroes")
        let partial = try decode(#"{"next_batch":"s1","rooms":{"join":{"!a":{"state":{},"timeline":{"events":[]},"unread_notifications":{"highlight_count":3}}}}}"#)
        #expect(partial.rooms.joined["!a"] == SyncResponse.JoinedRoom(unreadNotifications: .init(notificationCount: 0, highlightCount: 3)))
    }

    @Test func ignoresUnknownFieldsAndSections() throws {
        let response = try decode("""
            {"next_batch":"s2","presence":{"events":[]},"device_lists":{"changed":["@x:y"]},"to_device":{"events":[]},
             "rooms":{"knock":{"!k":{}},"join":{"!a":{"ephemeral":{"events":[{"type":"m.typing","content":{"user_ids":[]}}]},
               "account_data":{"events":[]},"future_field":42}}}}
            """)
        #expect(response.rooms.joined["!a"] == SyncResponse.JoinedRoom())
        #expect(response.rooms.typing == ["!a": []])
    }

    @Test func readsWhoIsTypingFromEphemeralEvents() throws {
        let response = try decode("""
            {"next_batch":"s4","rooms":{"join":{
              "!typing":{"ephemeral":{"events":[
                {"type":"m.receipt","content":{"$e":{"m.read":{"@a:b":{"ts":1}}}}},
                {"content":{"user_ids":["@alice:hs","@bob:hs"]},"type":"m.typing"}]}},
              "!quiet":{"ephemeral":{"events":[{"type":"m.receipt","content":{}}]}},
              "!stopped":{"ephemeral":{"events":[{"type":"m.typing","content":{"user_ids":[]}}]}},
              "!none":{"timeline":{"events":[]}}}}}
            """)
        let typing = response.rooms.typing
        #expect(typing["!typing"] == ["@alice:hs", "@bob:hs"])
        #expect(typing["!stopped"] == [], "an empty list is news: everyone stopped")
        #expect(typing["!quiet"] == nil, "no m.typing means no change")
        #expect(typing["!none"] == nil)
    }

    @Test func oddTypingEventsAreLeftOutOrCleanedButTheResponseStands() throws {
        let response = try decode("""
            {"next_batch":"s5","rooms":{"join":{
              "!a":{"ephemeral":{"events":[42,{"type":"m.typing","content":"nobody"}]}},
              "!b":{"ephemeral":{"events":[{"type":"m.typing","content":{"user_ids":["@ok:hs",7,null]}}]}},
              "!c":{"ephemeral":{"events":[{"type":"m.typing"}]}},
              "!d":{"ephemeral":null,"timeline":{"events":[]}}}}}
            """)
        let typing = response.rooms.typing
        #expect(typing["!a"] == nil)
        #expect(typing["!b"] == ["@ok:hs"])
        #expect(typing["!c"] == [])
        #expect(typing["!d"] == nil)
        #expect(throws: MatrixError.self) {
            try self.decode(#"{"next_batch":"s6","rooms":{"join":{"!a":{"ephemeral":{"events":[{"type":"m.typing","content":{"user_ids":["@x]}}]}}}}}"#)
        }
    }

    @Test func keepsMalformedEventsAsSuchWithWhatFitted() throws {
        let response = try decode("""
            {"next_batch":"s3","rooms":{"join":{"!a":{"timeline":{"events":[
              {"type":"m.room.message","event_id":"$ok1","sender":"@a:b","origin_server_ts":1,"content":{"body":"x"}},
              {"type":"m.room.message","event_id":"$nosender","origin_server_ts":2,"content":{}},
              {"event_id":"$notype","sender":"@a:b"},
              {"type":"","event_id":"$emptytype","sender":"@a:b"},
              "not an event",
              {"type":"m.room.message","event_id":"$redacted","sender":"@a:b","origin_server_ts":3}
            ]}}}}}
            """)
        let events = try #require(response.rooms.joined["!a"]?.timeline.events)
        #expect(events.map(\.eventID) == ["$ok1", "$nosender", "$notype", "$emptytype", nil, "$redacted"])
        #expect(events.map(\.malformedField) == [nil, "sender", "type", "type", "event", nil])
        #expect(events.filter { $0.malformedField != nil }.allSatisfy { $0.type.isEmpty }, "nothing handles the empty type")
        #expect(events[1].originServerTS == 2 && events[2].sender == "@a:b", "what fitted is kept")
        #expect(events[5].content == .object([:]), "redacted events may come without content")
    }

    @Test func failsWithoutNextBatch() {
        #expect(throws: MatrixError.decoding("SyncResponse: missing key next_batch")) { try decode(#"{"rooms":{}}"#) }
        #expect(throws: MatrixError.decoding("SyncResponse: rooms.join: expected an object at byte 35")) {
            try decode(#"{"next_batch":"s1","rooms":{"join":[]}}"#)
        }
    }

    @Test func eventsWithFieldsOfTheWrongTypeAreMalformedNamingTheField() throws {
        let response = try decode("""
            {"next_batch":"s4","rooms":{"join":{"!a":{"state":{"events":[
              {"type":"m.room.name","state_key":"","sender":"@a:b","content":{"name":"Kept"},"unsigned":null},
              {"type":5,"state_key":"","sender":"@a:b","content":{}},
              {"type":"m.room.topic","state_key":[],"sender":"@a:b","content":{}},
              {"type":"m.room.member","state_key":"@a:b","sender":"@a:b","origin_server_ts":1.5,"content":{}},
              {"type":"m.room.member","state_key":"@c:d","sender":"@c:d","origin_server_ts":"soon","content":{}},
              {"type":"m.room.member","state_key":"@e:f","sender":"@e:f","content":null,"event_id":null},
              {"type":"m.room.member","state_key":"@g:h","sender":"@g:h","content":{},"secret-looking key":{"a":1}, "x":{"y":[1,2]}}
            ]}}}}}
            """)
        let state = try #require(response.rooms.joined["!a"]?.state)
        #expect(state.map(\.type) == ["m.room.name", "", "", "", "", "m.room.member", "m.room.member"])
        #expect(state.map(\.malformedField) == [nil, "type", "state_key", "origin_server_ts", "origin_server_ts", nil, nil])
        #expect(state[0].unsigned == nil && state[5].content == .object([:]) && state[5].eventID == nil)
        #expect(state[3].stateKey == nil, "a malformed event is no state event: it changes nothing")
    }

    /// Content nested past the reader's depth limit makes its event malformed, not the whole
    /// response unreadable (which would stop sync for good: the same response comes every time).
    @Test func contentNestedTooDeeplyMakesOnlyItsEventMalformed() throws {
        let deep = String(repeating: #"{"a":["#, count: 3000) + "1" + String(repeating: "]}", count: 3000)
        let response = try decode("""
            {"next_batch":"s6","rooms":{"join":{"!a":{"timeline":{"events":[
              {"type":"m.room.message","event_id":"$deep","sender":"@a:b","origin_server_ts":1,"content":\(deep)},
              {"type":"m.room.message","event_id":"$deepunknown","sender":"@a:b","origin_server_ts":2,"content":{},"x-custom":\(deep)},
              {"type":"m.room.message","event_id":"$next","sender":"@a:b","origin_server_ts":3,"content":{"body":"after"}}
            ]}}}}}
            """)
        let events = try #require(response.rooms.joined["!a"]?.timeline.events)
        #expect(events.map(\.eventID) == ["$deep", "$deepunknown", "$next"])
        #expect(events.map(\.malformedField) == ["content", "event", nil], "a key of the sender's choosing is not repeated")
        #expect(events[2].content["body"]?.string == "after")
    }

    @Test func brokenJSONInsideADeepValueIsStillAnError() {
        let unpaired = String(repeating: "[", count: 600) + String(repeating: "}", count: 600)
        let unterminated = String(repeating: "[", count: 600) + #""open"#
        for broken in [unpaired, unterminated] {
            #expect(throws: MatrixError.self) {
                try decode(#"{"next_batch":"s7","rooms":{"join":{"!a":{"timeline":{"events":[{"type":"m.room.message","content":"# + broken + "}]}}}}}")
            }
        }
    }

    @Test func brokenJSONInsideAnEventIsStillAnError() {
        #expect(throws: MatrixError.self) {
            try decode(#"{"next_batch":"s5","rooms":{"join":{"!a":{"timeline":{"events":[{"type":"m.room.message",}]}}}}}"#)
        }
    }

    @Test func readsAnyJSONValue() throws {
        let json = try JSONReader.read(Data("""
            {"s":"x","i":42,"f":1.5,"t":true,"f0":false,"n":null,"a":[1,"two",{"k":[]}],"big":9007199254740991,"neg":-3}
            """.utf8)) { reader throws(JSONError) in try JSONValue(reading: &reader) }
        #expect(json["s"]?.string == "x")
        #expect(json["i"]?.int == 42 && json["i"]?.double == 42)
        #expect(json["f"]?.double == 1.5 && json["f"]?.int == nil)
        #expect(json["t"]?.bool == true && json["f0"]?.bool == false && json["t"]?.int == nil)
        #expect(json["n"] == .null && json["missing"] == nil)
        #expect(json["a"]?.array?.count == 3 && json["a"]?.array?[1].string == "two")
        #expect(json["a"]?.array?[2]["k"] == .array([]))
        #expect(json["big"]?.int == 9_007_199_254_740_991 && json["neg"]?.int == -3)
        #expect(json["s"]?["nested"] == nil && json["s"]?.object == nil && json.object?.count == 9)
    }

    /// Shaped after Synapse's answers: a joined room with state, a limited timeline with a
    /// reply sent by this device, unread counts and a summary; a stripped-state invite; a room
    /// left since the last sync; extra sections the client does not read.
    static let fixture = """
        {
          "next_batch": "s72595_4483_1934",
          "account_data": {"events": []},
          "rooms": {
            "join": {
              "!lounge:hs.example": {
                "summary": {"m.heroes": ["@bob:hs.example", "@carol:hs.example"], "m.joined_member_count": 3, "m.invited_member_count": 1},
                "state": {"events": [
                  {"type": "m.room.create", "state_key": "", "event_id": "$create", "sender": "@alice:hs.example",
                   "origin_server_ts": 1700000000000, "content": {"room_version": "11", "creator": "@alice:hs.example"}},
                  {"type": "m.room.name", "state_key": "", "event_id": "$name", "sender": "@alice:hs.example",
                   "origin_server_ts": 1700000000001, "content": {"name": "The Lounge"}, "unsigned": {"age": 1234}},
                  {"type": "m.room.canonical_alias", "state_key": "", "event_id": "$alias", "sender": "@alice:hs.example",
                   "origin_server_ts": 1700000000002, "content": {"alias": "#lounge:hs.example"}},
                  {"type": "m.room.member", "state_key": "@bob:hs.example", "event_id": "$bob", "sender": "@bob:hs.example",
                   "origin_server_ts": 1700000000003, "content": {"membership": "join", "displayname": "Bob", "avatar_url": null}}
                ]},
                "timeline": {
                  "limited": true,
                  "prev_batch": "t34-23535_0_0",
                  "events": [
                    {"type": "m.room.message", "event_id": "$m1", "sender": "@alice:hs.example", "origin_server_ts": 1700000001000,
                     "content": {"msgtype": "m.text", "body": "hello"}},
                    {"type": "m.room.message", "event_id": "$m2", "sender": "@bob:hs.example", "origin_server_ts": 1700000002000,
                     "content": {"msgtype": "m.text", "body": "hi *there*", "format": "org.matrix.custom.html",
                                 "formatted_body": "hi <em>there</em>", "m.relates_to": {"m.in_reply_to": {"event_id": "$m1"}}},
                     "unsigned": {"transaction_id": "m123.4", "age": 50}}
                  ]
                },
                "ephemeral": {"events": []},
                "unread_notifications": {"notification_count": 2, "highlight_count": 1},
                "unread_thread_notifications": {}
              }
            },
            "invite": {
              "!party": {
                "invite_state": {"events": [
                  {"type": "m.room.name", "state_key": "", "sender": "@alice:hs.example", "content": {"name": "Party"}},
                  {"type": "m.room.member", "state_key": "@carol:hs.example", "sender": "@alice:hs.example",
                   "content": {"membership": "invite"}}
                ]}
              }
            },
            "leave": {
              "!old:hs.example": {
                "timeline": {"events": [
                  {"type": "m.room.member", "state_key": "@carol:hs.example", "event_id": "$leave", "sender": "@carol:hs.example",
                   "origin_server_ts": 1700000003000, "content": {"membership": "leave"}}
                ]}
              }
            }
          }
        }
        """
}
