import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// A line break in remote text must not let it start a line of its own that reads as another
/// message (`~99 [12:34] Mallory: …`): a body's later lines are indented under the first, and
/// names, file names and reasons stay on their line.
@Suite struct HostileLineBreakTests {
    func lines(_ content: Report.Content, width: Int? = nil) -> [String] {
        TextRenderer(theme: HostileTextTests.plain, width: width).lines(for: Report(content: content, location: nil))
    }

    @Test(arguments: HostileStrings.lineBreaks)
    func bodiesContinueIndented(_ entry: HostileString) {
        var caption = HostileTextTests.message(body: entry.text, msgtype: "m.image")
        caption.media = MediaInfo(url: "mxc://hs/i", fileName: "cat.png")
        let messages = ["m.text", "m.notice", "m.emote"].map { HostileTextTests.message(body: entry.text, msgtype: $0) } + [caption]
            + ["<p>\(entry.text)</p>", "<pre><code>\(entry.text)</code></pre>", "<p>left</p><p>\(HostileStrings.forgedMessage)</p>",
               "left<br>\(HostileStrings.forgedMessage)", "<ul><li>left</li><li>\(HostileStrings.forgedMessage)</li></ul>"]
                .map { HostileTextTests.message(formattedBody: $0) }
        for message in messages {
            for width in [nil, 60] {
                let shown = lines(.message(message), width: width)
                #expect(shown.filter { !$0.hasPrefix(" ") }.count == 1, "\(entry.name): \(shown)")
                #expect(shown.joined().contains("Mallory"), "the forged text is shown, as part of the message")
            }
        }
    }

    @Test(arguments: HostileStrings.lineBreaks)
    func namesAndReasonsStayOnTheirLine(_ entry: HostileString) {
        var file = HostileTextTests.message(body: entry.text, msgtype: "m.file")
        file.media = MediaInfo(url: "mxc://hs/f", fileName: entry.text)
        var redacted = HostileTextTests.message(from: entry.text)
        redacted.isRedacted = true
        redacted.redactionReason = RemoteText(entry.text)
        var reply = HostileTextTests.message()
        reply.replyQuote = ReplyQuote(senderName: RemoteText(entry.text), body: RemoteText(entry.text), reference: 3)
        let oneLiners: [(String, Report.Content, Int)] = [
            ("sender name", .message(HostileTextTests.message(from: entry.text)), 1),
            ("file name", .message(file), 1),
            ("redaction reason", .message(redacted), 1),
            ("reply quote", .message(reply), 2),
            ("room list", .result(command: "rooms", outcome: .room(.list([RoomEntry(RoomRecord(roomID: "!r:hs", membership: .join, name: entry.text))]))), 1),
            ("member list", .result(command: "members", outcome: .room(.members([MemberEntry(userID: "@m:hs", name: RemoteText(entry.text))]))), 1),
            ("topic", .result(command: "topic", outcome: .room(.text(.topic, RemoteText(entry.text)))), 1),
            ("opened room", .result(command: "open", outcome: .room(.opened(roomName: RemoteText(entry.text), messages: [], draft: nil))), 1),
            ("reaction", .reacted(senderName: RemoteText(entry.text), key: RemoteText(entry.text), reference: nil, excerpt: RemoteText(entry.text)), 1),
        ]
        for (path, content, count) in oneLiners {
            let shown = lines(content)
            #expect(shown.count == count, "\(path), \(entry.name): \(shown)")
        }
        let prompt = PromptRenderer.render(format: "{room} {typing}> ", values: .init(app: "Element", room: entry.text, typing: entry.text),
                                           theme: HostileTextTests.plain)
        #expect(!prompt.contains { $0.isNewline }, "prompt, \(entry.name): \(prompt)")
    }
}
