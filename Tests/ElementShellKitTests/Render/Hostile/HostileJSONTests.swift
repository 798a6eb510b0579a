import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// `--output json` keeps remote text exactly, as JSON a script can read, with nothing in the line
/// a terminal would act on if someone watched it: every control is escaped.
@Suite struct HostileJSONTests {
    /// Every string in a parsed JSON value.
    func strings(in value: Any) -> [String] {
        switch value {
        case let string as String: [string]
        case let array as [Any]: array.flatMap(strings(in:))
        case let object as [String: Any]: object.values.flatMap(strings(in:))
        default: []
        }
    }

    @Test(arguments: HostileStrings.all + HostileStrings.lineBreaks)
    func controlsAreEscapedAndTextKept(_ entry: HostileString) throws {
        let text = entry.text
        var message = HostileTextTests.message(body: text, from: text, formattedBody: "<b>\(text)</b>")
        message.media = MediaInfo(url: "mxc://hs/f", fileName: text)
        message.redactionReason = RemoteText(text)
        message.replyQuote = ReplyQuote(senderName: RemoteText(text), body: RemoteText(text), reference: 3)
        let contents: [Report.Content] = [
            .message(message),
            .result(command: "rooms", outcome: .room(.list([RoomEntry(RoomRecord(roomID: "!r:hs", membership: .join, name: text))]))),
            .result(command: "members", outcome: .room(.members([MemberEntry(userID: "@m:hs", name: RemoteText(text))]))),
            .result(command: "topic", outcome: .room(.text(.topic, RemoteText(text)))),
            .attention(Attention(roomName: RemoteText(text), senderName: RemoteText(text), body: RemoteText(text), isMention: false)),
            .reacted(senderName: RemoteText(text), key: RemoteText(text), reference: 3, excerpt: nil),
        ]
        for content in contents {
            let line = JSONRenderer.object(for: Report(content: content, location: nil)).line
            let raw = TerminalSafety.unsafeScalars(in: line)
            #expect(raw.isEmpty, "\(entry.name) left \(raw) raw in \(content)")
            let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
            #expect(strings(in: parsed).contains(text), "\(entry.name): the text must come out as it came in")
        }
    }
}
