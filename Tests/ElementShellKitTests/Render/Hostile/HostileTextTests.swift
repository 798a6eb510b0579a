import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Every corpus entry through every place remote text reaches the terminal in text output: what
/// comes out has no control a terminal would act on, keeps the text around the hostile part, and
/// with colour on differs only by the theme's own SGR sequences.
@Suite struct HostileTextTests {
    static let plain = Theme(usesColor: false, accent: .named(.green))
    static let coloured = Theme(usesColor: true, accent: .named(.green))

    /// The report's lines without colour, at no width and wrapped at 60 columns. Checks that the
    /// coloured lines are the same once the theme's SGR sequences are taken out, so every ESC
    /// printed is the theme's.
    func render(_ content: Report.Content, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let report = Report(content: content, location: nil)
        let lines = TextRenderer(theme: Self.plain).lines(for: report)
        let coloured = TextRenderer(theme: Self.coloured).lines(for: report)
        #expect(coloured.map(TerminalSafety.withoutSGR) == lines, sourceLocation: sourceLocation)
        return lines + TextRenderer(theme: Self.plain, width: 60).lines(for: report)
    }

    static func message(body: String = "hello", from name: String = "Bob", msgtype: String = "m.text",
                        formattedBody: String? = nil) -> MessageView {
        var message = MessageView(roomID: "!r:hs", eventID: "$e", transactionID: nil, sender: "@bob:hs", senderName: RemoteText(name),
                                  msgtype: msgtype, body: RemoteText(body), formattedBody: formattedBody.map { RemoteText($0) }, timestamp: 1_700_000_000_000, isPending: false)
        message.reference = 7
        return message
    }

    @Test(arguments: HostileStrings.all)
    func messageBodies(_ entry: HostileString) {
        for msgtype in ["m.text", "m.notice", "m.emote"] {
            TerminalSafety.expectSafe(render(.message(Self.message(body: entry.text, msgtype: msgtype))), showing: entry, in: "\(msgtype) body")
        }
    }

    @Test(arguments: HostileStrings.all)
    func formattedBodies(_ entry: HostileString) {
        let shown = ["<p>\(entry.text)</p>", "<pre><code>\(entry.text)</code></pre>", "<blockquote><b>\(entry.text)</b></blockquote>",
                     "<ul><li>\(entry.text)</li></ul>", #"<img alt="\#(entry.text)" src="mxc://hs/i">"#,
                     #"<a href="https://example.org/\#(entry.text)">link</a>"#]
        for html in shown {
            TerminalSafety.expectSafe(render(.message(Self.message(formattedBody: html))), showing: entry, in: "formatted body \(html.prefix(5))")
        }
        // Attributes that are not shown, and tag names: the text inside still shows, cleanly.
        let hidden = [#"<span title="\#(entry.text)" data-mx-color="\#(entry.text)">inside</span>"#, "<b\(entry.payload)>inside</b\(entry.payload)>",
                      "<x-\(entry.payload)>inside</x-\(entry.payload)>"]
        for html in hidden {
            TerminalSafety.expectSafe(render(.message(Self.message(formattedBody: html))), showing: entry, in: "formatted body \(html.prefix(6))",
                                      survivors: ["inside"])
        }
    }

    @Test(arguments: HostileStrings.htmlReferences)
    func characterReferencesInFormattedBodies(_ entry: HostileString) {
        for html in ["<p>\(entry.text)</p>", "<code>\(entry.text)</code>", #"<a href="https://example.org/\#(entry.text)">\#(entry.text)</a>"#] {
            TerminalSafety.expectSafe(render(.message(Self.message(formattedBody: html))), showing: entry, in: "formatted body \(html.prefix(5))")
        }
    }

    @Test(arguments: HostileStrings.all)
    func senderNames(_ entry: HostileString) {
        var message = Self.message(from: entry.text)
        message.replyQuote = ReplyQuote(senderName: RemoteText(entry.text), body: RemoteText(entry.text), reference: 3)
        message.threadSummary = ThreadLine(replyCount: 2, latestSenderName: RemoteText(entry.text))
        message.reactions = [ReactionCount(key: RemoteText(entry.text), count: 2)]
        TerminalSafety.expectSafe(render(.message(message)), showing: entry, in: "timeline sender, quote, thread, reaction")
        TerminalSafety.expectSafe(render(.message(Self.message(from: entry.text, msgtype: "m.emote"))), showing: entry, in: "emote sender")
        TerminalSafety.expectSafe(render(.reacted(senderName: RemoteText(entry.text), key: RemoteText(entry.text), reference: 3, excerpt: nil)), showing: entry, in: "reaction")
        TerminalSafety.expectSafe(render(.reacted(senderName: RemoteText(entry.text), key: RemoteText(entry.text), reference: nil, excerpt: RemoteText(entry.text))), showing: entry,
                                  in: "reaction to an unnumbered message")
    }

    @Test(arguments: HostileStrings.all)
    func memberLists(_ entry: HostileString) {
        let members = [MemberEntry(userID: "@m:hs", name: RemoteText(entry.text)), MemberEntry(userID: "@bob:hs", name: "Bob")]
        let lines = render(.result(command: "members", outcome: .room(.members(members))))
        TerminalSafety.expectSafe(lines, showing: entry, in: "/members")
        #expect(lines.count == 4, "one row a member (twice: at no width and wrapped), whatever the name holds")
    }

    @Test(arguments: HostileStrings.all)
    func typingNoticesAndPrompt(_ entry: HostileString) {
        let format = ShellConfig.default.profile(named: "element")!.promptFormat
        let values = PromptRenderer.Values(app: "Element", user: "@alice:hs", room: entry.text, unread: 2,
                                           typing: TypingText.prompt(names: [entry.text, "Bob"]))
        let prompt = PromptRenderer.render(format: format, values: values, theme: Self.plain)
        TerminalSafety.expectSafe([prompt], showing: entry, in: "prompt room and typing")
        // With colour, readline's invisible markers (\001, \002) wrap the theme's SGR and nothing else.
        let coloured = PromptRenderer.render(format: format, values: values, theme: Self.coloured)
        #expect(TerminalSafety.withoutSGR(coloured.replacing("\u{1}\u{1B}", with: "\u{1B}").replacing("m\u{2}", with: "m")) == prompt)
    }

    @Test(arguments: HostileStrings.all)
    func roomNames(_ entry: HostileString) {
        let rooms = [RoomRecord(roomID: "!r:hs", membership: .join, name: entry.text), RoomRecord(roomID: "!i:hs", membership: .invite, canonicalAlias: entry.text),
                     RoomRecord(roomID: "!h:hs", membership: .join, heroes: ["@m:hs"], heroNames: [entry.text], joinedMemberCount: 2)]
        let list = render(.result(command: "rooms", outcome: .room(.list(rooms.map(RoomEntry.init)))))
        TerminalSafety.expectSafe(list, showing: entry, in: "/rooms")
        #expect(list.count == 6, "one row a room (twice: at no width and wrapped), whatever the name holds")
        let name = entry.text
        let reports: [(String, Report.Content)] = [
            ("/open", .result(command: "open", outcome: .room(.opened(roomName: RemoteText(name), messages: [Self.message()], draft: nil)))),
            ("/thread", .result(command: "thread", outcome: .thread(.opened(roomName: RemoteText(name), root: Self.message(), messages: [], draft: nil)))),
            ("/search", .result(command: "search", outcome: .room(.searchResults([SearchHit(roomName: RemoteText(name), message: Self.message())], encryptedNotSearched: false)))),
            ("/kick", .result(command: "kick", outcome: .membership(.changed(.kick, userID: "@m:hs", roomName: RemoteText(name))))),
            ("/leave", .result(command: "leave", outcome: .room(.left(roomName: RemoteText(name))))),
            ("/read", .result(command: "read", outcome: .room(.markedRead(roomName: RemoteText(name))))),
            ("mention", .mentioned(roomName: RemoteText(name), count: 1)),
            ("invite", .invited(Invitation(roomID: "!i:hs", inviterID: "@m:hs", inviterName: RemoteText(name), roomName: RemoteText(name), isDirect: false, number: 1))),
            ("gap", .gap(roomName: RemoteText(name))),
        ]
        for (path, content) in reports {
            TerminalSafety.expectSafe(render(content), showing: entry, in: path)
        }
    }

    /// Spaces' rooms come from the server's `/hierarchy`, device names from other users' clients.
    @Test(arguments: HostileStrings.all)
    func spacesAndDevices(_ entry: HostileString) {
        let text = entry.text
        let hierarchy = [SpaceRoomEntry(SpaceRoom(roomID: "!s:hs", name: text, topic: text, isSpace: true)),
                         SpaceRoomEntry(SpaceRoom(roomID: "!r:hs", name: text, canonicalAlias: text, topic: text, joinedMemberCount: 3))]
        let space = RoomRecord(roomID: "!s:hs", membership: .join, name: text, isSpace: true)
        let device = DeviceEntry(deviceID: "PHONE", displayName: RemoteText(text), fingerprint: Fingerprint("l5tiZbjb1E3aLVdbRf7cSmL0X8s4mQ52CQLXSD6mwSY"),
                                 isVerified: false, isCurrent: false)
        let reports: [(String, Report.Content)] = [
            ("/space", .result(command: "space", outcome: .space(.hierarchy(spaceName: RemoteText(text), rooms: hierarchy, isComplete: true)))),
            ("/spaces", .result(command: "spaces", outcome: .space(.list([RoomEntry(space)])))),
            ("/open SPACE", .result(command: "open", outcome: .space(.rooms(spaceName: RemoteText(text), rooms: [RoomEntry(space)])))),
            ("/devices", .result(command: "devices", outcome: .encryption(.devices(userID: "@m:hs", [device])))),
        ]
        for (path, content) in reports {
            TerminalSafety.expectSafe(render(content), showing: entry, in: path)
        }
    }

    @Test(arguments: HostileStrings.all)
    func topicsAndNames(_ entry: HostileString) {
        for kind in [RoomText.topic, .name] {
            let lines = render(.result(command: "topic", outcome: .room(.text(kind, RemoteText(entry.text)))))
            TerminalSafety.expectSafe(lines, showing: entry, in: "/\(kind)")
        }
    }

    @Test(arguments: HostileStrings.all)
    func fileNamesAndCaptions(_ entry: HostileString) {
        for msgtype in ["m.image", "m.file", "m.video", "m.audio"] {
            var message = Self.message(body: entry.text, msgtype: msgtype)
            message.media = MediaInfo(url: "mxc://hs/f", fileName: entry.text, size: 2048)
            TerminalSafety.expectSafe(render(.message(message)), showing: entry, in: "\(msgtype) file name and caption")
            message.media = MediaInfo(url: "mxc://hs/f")
            TerminalSafety.expectSafe(render(.message(message)), showing: entry, in: "\(msgtype) body as file name")
        }
        let progress = TransferProgress(done: 1, total: 2)
        TerminalSafety.expectSafe(render(.transfer(TransferNotice(direction: .download, fileName: RemoteText(entry.text), progress: progress))),
                                  showing: entry, in: "transfer progress")
    }

    @Test(arguments: HostileStrings.all)
    func redactionReasons(_ entry: HostileString) {
        var message = Self.message(body: entry.text)
        message.isRedacted = true
        message.redactionReason = RemoteText(entry.text)
        TerminalSafety.expectSafe(render(.message(message)), showing: entry, in: "redaction reason")
    }

    /// Desktop notifications are not the terminal, but a daemon shows them: the same rule holds.
    @Test(arguments: HostileStrings.all)
    func desktopNotifications(_ entry: HostileString) {
        let attention = Attention(roomName: RemoteText(entry.text), senderName: RemoteText(entry.text), body: RemoteText(entry.text), isMention: true)
        let arguments = DesktopNotification.arguments(for: attention, appName: "Element", includingBody: true)
        TerminalSafety.expectSafe(arguments, showing: entry, in: "notify-send arguments")
    }
}
