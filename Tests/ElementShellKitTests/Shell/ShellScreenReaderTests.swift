import Foundation
import Testing

/// kim lives in the shell with a screen reader: in a terminal (tmux), every byte the shell writes
/// is recorded (`pipe-pane`) through a conversation with lea (matrix-nio), a message that lands
/// while kim types, news from another room, a room switch, an upload and an emoji verification
/// with kim's other session. A screen reader reads what is written, so the bytes are the test:
/// no cursor movement, no erasing, no colour, no box drawing, and each message a line that starts
/// with its speaker. kim and lea are this suite's alone.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil, "needs the Synapse of Scripts/test"))
struct ShellScreenReaderTests {
    let homeserver = TestHomeserver.current!
    var kim: String { homeserver.user(37) }
    var kimID: String { "@\(kim):\(homeserver.serverName)" }
    var peer: NioPeer { NioPeer(homeserver: homeserver, user: homeserver.user(38)) }
    var password: [String: String] { ["ELEMENT_SHELL_PASSWORD": homeserver.password] }

    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux"))
    func aConversationIsPlainLinesSpeakerFirstAndNothingIsRedrawn() async throws {
        let shell = ShellProcess(), phone = ShellProcess()
        defer { shell.remove(); phone.remove() }
        let tag = UUID().uuidString.prefix(6).lowercased()
        let porch = "Porch \(tag)", garden = "Garden \(tag)"
        let porchID = try await peer.createRoom(named: porch, inviting: kimID, displayName: "Lea Nio")
        let gardenID = try await peer.createRoom(named: garden, inviting: kimID, displayName: "Lea Nio")
        let base = try shell.testerArguments(for: homeserver)
        let joined = try await shell.run(base + ["-c", "/login test \(kim)", "-c", "/join \(porchID)", "-c", "/join \(gardenID)", "-c", "/wait sync"],
                                         extraEnvironment: password)
        #expect(joined.status == 0, "\(joined)")
        let phoneArguments = try phone.testerArguments(for: homeserver) + ["--output", "json"]
        let phoneLogin = try await phone.run(phoneArguments + ["-c", "/login test \(kim)", "-c", "/wait sync --timeout 60"], extraEnvironment: password)
        #expect(phoneLogin.status == 0, "\(phoneLogin)")
        let upload = try shell.write(String(repeating: "a line of the notes\n", count: 150_000), to: "notes.txt")

        let recording = URL(fileURLWithPath: try shell.write("", to: "terminal.bytes"))
        let tmux = try await TmuxSession(shell: shell, arguments: base + ["--screen-reader"], width: 100, height: 60, recording: recording)
        try await tmux.waitFor("the prompt") { $0.last == "Tester>" }

        // A room switch, then lea's message.
        try await tmux.type("/open \(porch)\r")
        try await tmux.waitFor("the porch") { $0.last == "\(porch)>" }
        try await peer.send(["hello kim"], to: porchID)
        try await tmux.waitFor("lea's message") { $0.contains { $0.hasPrefix("Lea Nio: hello kim") } }

        // A message lands while kim types: what was typed stays put and is sent whole. Typing
        // goes where the cursor is: under lea's message, which came while the prompt stood empty.
        try await tmux.type("half a ")
        try await tmux.waitFor("the typing") { $0.last == "half a" }
        try await peer.send(["interrupting"], to: porchID)
        try await tmux.waitFor("the interruption") { $0.contains { $0.hasPrefix("Lea Nio: interrupting") } }
        try await tmux.type("line\r")
        #expect(try await peer.receives("half a line", in: porchID), "the line went whole")

        // News elsewhere, said in a sentence; then a switch to it.
        try await peer.send(["over here"], to: gardenID)
        try await tmux.waitFor("the news") { $0.contains("1 new message in \(garden).") }
        try await tmux.type("/open \(garden)\r")
        try await tmux.waitFor("the garden") { $0.last == "\(garden)>" && $0.contains { $0.hasPrefix("Lea Nio: over here") } }

        // An upload: progress in words, if any, and the file's line.
        try await tmux.type("/upload \(upload)\r/wait sent\r/echo uploaded\r")
        try await tmux.waitFor("the upload") { $0.contains("uploaded") }
        let fileEvent = try await peer.events(in: gardenID).last { ($0["content"] as? [String: Any])?["msgtype"] as? String == "m.file" }
        #expect((fileEvent?["content"] as? [String: Any])?["body"] as? String == "notes.txt", "the file reached lea's room")

        // An emoji verification with kim's other session, which accepts and confirms.
        let wait = "/wait verification --timeout 60"
        async let answered = phone.run(phoneArguments + ["-c", wait, "-c", "/verification accept", "-c", wait, "-c", "/verification confirm", "-c", wait])
        try await tmux.type("/verify\r")
        try await tmux.waitFor("the emoji") { $0.contains { $0.hasPrefix("The emoji, in order: ") } }
        try await tmux.type("/verification confirm\r")
        let phoneRun = try await answered
        #expect(phoneRun.status == 0, "\(phoneRun)")
        #expect(phoneRun.verificationSteps.last?["state"] as? String == "done", "\(phoneRun.standardOutput)")
        try await tmux.waitFor("the verification's end") { $0.contains { $0.contains("verified") } }

        // Ctrl-C drops what was typed: a new row with the prompt, nothing erased.
        try await tmux.type("never mind")
        try await tmux.press("C-c")
        try await tmux.waitFor("the dropped line") { $0.last == "\(garden)>" && $0.contains { $0.hasSuffix("never mind^C") } }
        try await tmux.type("/quit\r")
        try await tmux.endRecording()
        let bytes = try await Self.recorded(recording)
        Self.expectPlain(bytes)
        let lines = bytes.components(separatedBy: "\r\n")
        for (text, speaker) in [("hello kim", "Lea Nio"), ("interrupting", "Lea Nio"), ("over here", "Lea Nio")] {
            let line = lines.first { $0.contains(text) }
            #expect(line?.hasPrefix("\(speaker): \(text)") == true, "speaker first: \(line ?? "no line for \(text)")")
        }
        // The typed start of the line, once, on its row; the interruption under it; then only
        // what was typed after it, which Enter ended.
        let interruption = try #require(lines.firstIndex { $0.hasPrefix("Lea Nio: interrupting") })
        // A room of two rings for each message (the spec's default push rules): the bell may
        // follow what was typed, on its row.
        #expect(lines[interruption - 1].replacingOccurrences(of: "\u{07}", with: "") == "half a ", "\(lines[(interruption - 2)...(interruption + 1)])")
        #expect(lines[interruption + 1] == "line", "not drawn again: \(lines[interruption + 1])")
        #expect(bytes.components(separatedBy: "half a ").count == 3, "typed once and sent once, never reprinted")
        #expect(lines.contains { $0.hasPrefix("Now in \(garden). Its latest messages:") })
        let emoji = try #require(lines.first { $0.hasPrefix("The emoji, in order: ") })
        #expect(emoji.dropFirst("The emoji, in order: ".count).split(separator: ", ").count == 7, "\(emoji)")
        #expect(lines.contains { $0.hasPrefix("\(kim): half a line") })
        #expect(lines.contains { $0.hasPrefix("\(kim): file notes.txt, 3.0 MB") }, "the upload's line, speaker first")
    }

    /// What the recording holds once the last thing the shell writes (readline giving the
    /// terminal back) is in it: `cat` writes on its own time.
    static func recorded(_ file: URL) async throws -> String {
        try await waitUntil { contents(of: file).hasSuffix("\u{1B}[?2004l\r") }
        return contents(of: file)
    }

    static func contents(of file: URL) -> String {
        String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
    }

    /// Nothing but text and line ends: no escape sequence (bar the bracketed paste mode that
    /// readline turns on and off, which moves nothing), no carriage return without its line
    /// feed, no backspace, no box drawing or block characters.
    static func expectPlain(_ bytes: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = bytes.replacingOccurrences(of: "\u{1B}[?2004l\r", with: "").replacingOccurrences(of: "\u{1B}[?2004h", with: "")
        let lineEnds = text.replacingOccurrences(of: "\r\n", with: "\n")
        for (scalar, name) in [("\u{1B}", "escape"), ("\u{9B}", "8-bit CSI"), ("\r", "carriage return"), ("\u{8}", "backspace")] {
            #expect(!lineEnds.contains(scalar), "a \(name) in: \(lineEnds.debugDescription.prefix(2_000))", sourceLocation: sourceLocation)
        }
        let drawn = text.unicodeScalars.filter { (0x2500...0x259F).contains($0.value) }
        #expect(drawn.isEmpty, "box drawing or blocks: \(String(String.UnicodeScalarView(drawn)))", sourceLocation: sourceLocation)
    }
}
