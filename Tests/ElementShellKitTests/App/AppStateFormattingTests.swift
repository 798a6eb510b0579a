import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateFormattingTests {
    typealias Messaging = AppStateMessagingTests

    /// The outbox entries `lines` leave in the Lobby, in order.
    func queued(_ lines: [String]) async throws -> [OutboxEntry] {
        let app = AppHarness(sync: Messaging.firstSync(Messaging.lobby), send: { _ throws(MatrixError) in
            await suspendUntilCancelled()
            throw .transport(.cancelled)
        })
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        for line in lines {
            #expect(await app.state.run(line: line), "\(line)")
        }
        return try await #require(app.state.store).outbox()
    }

    @Test func markdownIsSentFormattedUnlessPlainOrSwitchedOff() async throws {
        let entries = try await queued(["**bold** move", "just words", "/plain **as typed**", "/set markdown off", "*literal*"])
        #expect(entries.map(\.body) == ["**bold** move", "just words", "**as typed**", "*literal*"])
        #expect(entries.map(\.formattedBody) == ["<strong>bold</strong> move", nil, nil, nil])
    }

    @Test func htmlIsSentWithItsTextAsTheBody() async throws {
        let entries = try await queued(["/html <p>Hello <b>there</b></p><ul><li>one</li></ul>"])
        #expect(entries.first?.body == "Hello there\n• one")
        #expect(entries.first?.formattedBody == "<p>Hello <b>there</b></p><ul><li>one</li></ul>")
    }

    @Test func anIncomingFormattedMessageIsStoredAndShownFormatted() throws {
        let event = SyncEvent(type: "m.room.message", eventID: "$f", sender: "@bob:hs", originServerTS: 1,
                              content: .object(["msgtype": .string("m.text"), "body": .string("> old\n\nnew **x**"),
                                                "format": .string("org.matrix.custom.html"),
                                                "formatted_body": .string("<blockquote>old</blockquote><p>new <strong>x</strong></p>")]))
        let record = try #require(MessageRecord(roomID: "!r", event: event))
        #expect(record.formattedBody == "<blockquote>old</blockquote><p>new <strong>x</strong></p>")
        let view = MessageView(roomID: "!r", eventID: "$f", transactionID: nil, sender: "@bob:hs", senderName: "Bob", msgtype: "m.text",
                               body: RemoteText(record.body), formattedBody: record.formattedBody.map { RemoteText($0) }, timestamp: 1, isPending: false)
        let lines = MessageText(theme: Theme(usesColor: false, accent: .named(.green)), now: Date(timeIntervalSince1970: 0)).lines(for: view)
        let withoutTime = lines.map { line in line.firstIndex(of: " ").map { String(line[line.index(after: $0)...]) } ?? line }
        #expect(withoutTime == ["Bob: > old", "       new x"])

        var unknownFormat = event
        unknownFormat.content = .object(["msgtype": .string("m.text"), "body": .string("b"), "format": .string("x-other"),
                                         "formatted_body": .string("<b>b</b>")])
        #expect(MessageRecord(roomID: "!r", event: unknownFormat)?.formattedBody == nil, "only the spec's HTML format is read")
    }
}
