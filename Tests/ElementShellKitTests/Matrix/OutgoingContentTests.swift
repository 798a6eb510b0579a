import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct OutgoingContentTests {
    func entry(_ relation: MessageRelation?, type: String = "m.room.message", body: String = "**b**", formatted: String? = "<strong>b</strong>") -> OutboxEntry {
        OutboxEntry(transactionID: "t1", roomID: "!r", eventType: type, relation: relation, msgtype: "m.text", body: body,
                    formattedBody: formatted, createdAt: 0)
    }

    @Test func aFormattedMessageCarriesItsFormatAndNoMentions() {
        #expect(OutgoingContent.content(for: entry(nil)) == ["msgtype": "m.text", "body": "**b**", "format": "org.matrix.custom.html",
                                                             "formatted_body": "<strong>b</strong>", "m.mentions": [:]])
        #expect(OutgoingContent.content(for: entry(nil, body: "b", formatted: nil)) == ["msgtype": "m.text", "body": "b", "m.mentions": [:]])
    }

    @Test func userIDsInTheTextAreMentioned() {
        let content = OutgoingContent.content(for: entry(nil, body: "@ann:hs.org and @bob:hs, then @ann:hs.org.", formatted: nil))
        #expect(content == ["msgtype": "m.text", "body": "@ann:hs.org and @bob:hs, then @ann:hs.org.",
                            "m.mentions": ["user_ids": ["@ann:hs.org", "@bob:hs"]]])
    }

    @Test func aReplyNamesItsParentAndMentionsItsSender() {
        let content = OutgoingContent.content(for: entry(.reply(to: "$p", sender: "@bob:hs"), body: "yes", formatted: nil))
        #expect(content == ["msgtype": "m.text", "body": "yes", "m.relates_to": ["m.in_reply_to": ["event_id": "$p"]],
                            "m.mentions": ["user_ids": ["@bob:hs"]]])
    }

    @Test func aThreadMessageFallsBackToAReplyToTheThreadsLatest() {
        let content = OutgoingContent.content(for: entry(.thread(root: "$root", latest: "$last"), body: "in thread", formatted: nil))
        #expect(content == ["msgtype": "m.text", "body": "in thread", "m.mentions": [:], "m.relates_to": [
            "rel_type": "m.thread", "event_id": "$root", "is_falling_back": .bool(true), "m.in_reply_to": ["event_id": "$last"],
        ]])
    }

    @Test func anEditCarriesTheNewContentAndAFallback() {
        let content = OutgoingContent.content(for: entry(.replacement(of: "$o"), body: "fixed", formatted: nil))
        #expect(content == ["msgtype": "m.text", "body": "* fixed", "m.mentions": [:],
                            "m.new_content": ["msgtype": "m.text", "body": "fixed", "m.mentions": [:]],
                            "m.relates_to": ["rel_type": "m.replace", "event_id": "$o"]])
    }

    @Test func reactionsAndRedactionsGoWhereTheSpecSays() {
        let reaction = entry(.annotation(of: "$m", key: "👍"), type: "m.reaction", body: "👍", formatted: nil)
        #expect(OutgoingContent.content(for: reaction) == ["m.relates_to": ["rel_type": "m.annotation", "event_id": "$m", "key": "👍"]])
        #expect(MatrixEndpoint.send(reaction).path == ["_matrix", "client", "v3", "rooms", "!r", "send", "m.reaction", "t1"])
        let redaction = entry(.redaction(of: "$m"), type: "m.room.redaction", body: "spam", formatted: nil)
        #expect(OutgoingContent.content(for: redaction) == ["reason": "spam"])
        #expect(MatrixEndpoint.send(redaction).path == ["_matrix", "client", "v3", "rooms", "!r", "redact", "$m", "t1"])
        #expect(OutgoingContent.content(for: entry(.redaction(of: "$m"), body: "", formatted: nil)) == [:])
    }
}
