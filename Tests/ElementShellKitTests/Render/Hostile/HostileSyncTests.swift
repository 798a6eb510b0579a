import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Hostile text the way it really arrives: inside the bytes of a `/sync` response, read by
/// `SyncResponse(json:)` as `MatrixClient` reads the network's, stored, and shown by the commands
/// that show it. Checks text and JSON output, and the prompt.
@MainActor
@Suite struct HostileSyncTests {
    /// A room named `text` whose topic, member and every kind of message carry it; `text` is
    /// JSON string content, escapes and all, as a server writes it.
    static func sync(carrying text: String) -> String {
        func message(_ id: Int, _ content: String, unsigned: String = "{}") -> String {
            #"{"type":"m.room.message","event_id":"$\#(id)","sender":"@m:hs","origin_server_ts":\#(1000 + id),"content":\#(content),"unsigned":\#(unsigned)}"#
        }
        func state(_ type: String, _ key: String, _ content: String) -> String {
            #"{"type":"\#(type)","event_id":"$\#(type)\#(key)","sender":"@m:hs","origin_server_ts":1,"state_key":"\#(key)","content":\#(content)}"#
        }
        let events = [
            message(1, #"{"msgtype":"m.text","body":"\#(text)"}"#),
            message(2, #"{"msgtype":"m.text","body":"\#(text)","format":"org.matrix.custom.html","formatted_body":"<p><b>\#(text)</b></p>"}"#),
            message(3, #"{"msgtype":"m.file","body":"\#(text)","filename":"\#(text)","url":"mxc://hs/f","info":{"size":10}}"#),
            message(4, "{}", unsigned: #"{"redacted_because":{"type":"m.room.redaction","sender":"@m:hs","content":{"reason":"\#(text)"}}}"#),
        ]
        let states = [
            state("m.room.create", "", #"{"room_version":"12"}"#), state("m.room.name", "", #"{"name":"\#(text)"}"#),
            state("m.room.topic", "", #"{"topic":"\#(text)"}"#), state("m.room.member", "@m:hs", #"{"membership":"join","displayname":"\#(text)"}"#),
        ]
        return #"""
        {"next_batch":"s1","rooms":{"join":{"!r:hs":{"state":{"events":[\#(states.joined(separator: ","))]},
         "timeline":{"events":[\#(events.joined(separator: ","))]},
         "ephemeral":{"events":[{"type":"m.typing","content":{"user_ids":["@m:hs"]}}]}}}}}
        """#
    }

    /// The entry's text as JSON string content, the way a server escapes it.
    static func escaped(_ text: String) throws -> String {
        String(try String(decoding: JSONEncoder().encode(text), as: UTF8.self).dropFirst().dropLast())
    }

    /// Logs in to a server whose first sync is `json` (bytes, which need not be UTF-8), then runs
    /// the commands that show the room.
    func shown(syncing json: some Sequence<UInt8>, members: String) async throws -> (app: AppHarness, lines: [String]) {
        let response = try SyncResponse(json: Data(json))
        var rooms = FakeRoomService()
        // Read as `MatrixClient` reads the network's answer.
        rooms.members = { _ throws(MatrixError) in try MatrixClient.decode(JoinedMembers.self, from: Data(members.utf8)).joined.mapValues(\.displayName) }
        let app = AppHarness(sync: AppStateMessagingTests.firstSync(response), roomService: rooms)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        for line in ["/rooms", "/open !r:hs", "/members", "/topic", "/name", "/history"] {
            await app.state.run(line: line)
        }
        var lines: [String] = []
        for report in app.log.reports {
            let plain = TextRenderer(theme: HostileTextTests.plain).lines(for: report)
            #expect(TextRenderer(theme: HostileTextTests.coloured).lines(for: report).map(TerminalSafety.withoutSGR) == plain)
            let json = JSONRenderer.object(for: report).line
            #expect(TerminalSafety.unsafeScalars(in: json).isEmpty, "JSON output: \(json.prefix(200))")
            lines += plain
        }
        let prompt = app.state.prompt(theme: HostileTextTests.plain)
        return (app, lines + [prompt])
    }

    @Test(arguments: HostileStrings.all)
    func syncedTextIsShownSafely(_ entry: HostileString) async throws {
        let text = try Self.escaped(entry.text)
        let (app, lines) = try await shown(syncing: Self.sync(carrying: text).utf8, members: #"{"joined":{"@m:hs":{"display_name":"\#(text)"}}}"#)
        #expect(app.log.failures.isEmpty, "\(app.log.failures)")
        TerminalSafety.expectSafe(lines, showing: entry, in: "synced room")
        // Each path shows the text: room list, opened room, four messages, members, topic, name, prompt.
        #expect(lines.filter { $0.unicodeScalars.firstRange(of: "left".unicodeScalars) != nil }.count >= 10, "\(lines)")
    }

    /// Valid JSON, invalid Unicode: a lone half of a surrogate pair is read as U+FFFD, in the sync
    /// response and in the members answer (which Foundation's decoder reads, once mended), and
    /// everything still shows.
    @Test(arguments: HostileStrings.loneSurrogateEscapes)
    func loneSurrogatesBecomeReplacementCharacters(_ entry: HostileString) async throws {
        let (app, lines) = try await shown(syncing: Self.sync(carrying: entry.text).utf8, members: #"{"joined":{"@m:hs":{"display_name":"\#(entry.text)"}}}"#)
        TerminalSafety.expectSafe(lines, showing: entry, in: "synced room")
        #expect(lines.contains { $0.contains("left\u{FFFD}") }, "\(lines)")
        #expect(app.log.failures.isEmpty, "\(app.log.failures)")
        #expect(lines.filter { $0.contains("left\u{FFFD}") }.count >= 10, "every path shows it, members too: \(lines)")
    }

    /// Bytes that are not UTF-8 are read as U+FFFD (refusing the response would refuse it on
    /// every try and stop sync for good), and what is around them shows, safely.
    @Test(arguments: HostileStrings.invalidUTF8)
    func invalidUTF8BecomesReplacementCharacters(_ entry: HostileBytes) async throws {
        let json = Self.sync(carrying: "left\u{0}right").utf8.split(separator: 0, omittingEmptySubsequences: false)
            .map(Array.init).joined(separator: entry.bytes)
        let (_, lines) = try await shown(syncing: json, members: #"{"joined":{}}"#)
        TerminalSafety.expectSafe(lines, showing: HostileString(name: entry.name, payload: "\u{FFFD}"), in: "synced room")
        #expect(lines.contains { $0.contains("left\u{FFFD}") }, "\(lines)")
    }
}
