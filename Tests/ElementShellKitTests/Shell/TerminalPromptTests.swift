import Foundation
import Testing

/// What a person at a terminal sees, checked in a real one (tmux).
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux, which Scripts/test installs"))
struct TerminalPromptTests {
    @Test func backgroundLinesLeaveTheTypedLineAndCursorAlone() async throws {
        let tmux = try await TmuxSession.started()
        try await tmux.type("/after 1 /echo background line")
        try await tmux.press("Enter")
        try await tmux.type("hello wor")
        try await tmux.press("Left", "Left")
        let screen = try await tmux.waitFor("the background line") { $0.contains("background line") }
        #expect(screen.suffix(2) == ["background line", "Element> hello wor"])
        #expect(try await tmux.cursorColumn() == "Element> hello w".count)
        try await tmux.type("X")
        try await tmux.waitFor("typing goes on where the cursor was") { $0.last == "Element> hello wXor" }
    }

    /// Keys typed before the prompt (the terminal is asked how it draws pictures first, and reads
    /// its answers in raw mode, where typing reaches it too) are not lost: the lines run one after
    /// the other, and an arrow key's sequence still edits.
    @Test func keysTypedBeforeThePromptAreKept() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let tmux = try await TmuxSession(shell: shell, heldUntilEnter: true)
        try await tmux.type("\r/echo typed ahead\r/echo and after it\r/echo half")
        try await tmux.press("Left")
        try await tmux.type("X")
        let screen = try await tmux.waitFor("both lines ran and the third waits") { $0.last == "Element> /echo halXf" }
        let output = screen.filter { ["typed ahead", "and after it"].contains($0) }
        #expect(output == ["typed ahead", "and after it"], "\(screen)")
        try await tmux.press("Enter")
        try await tmux.waitFor("the edited line runs as edited") { $0.suffix(2) == ["halXf", "Element>"] }
    }

    @Test func nonASCIITextIsEditedByCharacter() async throws {
        // The test's LANG names a locale this machine may not have; the shell must still edit UTF-8.
        let tmux = try await TmuxSession.started()
        try await tmux.type("/echo grüße…")
        try await tmux.press("Left", "Left")
        try await tmux.type("X")
        try await tmux.waitFor("the insert lands between characters") { $0.last == "Element> /echo grüßXe…" }
        try await tmux.press("Enter")
        try await tmux.waitFor("the line runs whole") { $0.contains("grüßXe…") }
    }

    @Test func historyIsKeptPerProfileAndSearchable() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        do {
            let tmux = try await TmuxSession(shell: shell)
            try await tmux.waitFor("the prompt") { $0.last == "Element>" }
            for line in ["/echo first", "/echo second"] {
                try await tmux.type(line)
                try await tmux.press("Enter")
            }
            try await tmux.waitFor("both lines ran") { $0.contains("second") }
            try await tmux.press("C-d")
            try await tmux.waitFor("Ctrl-D on an empty line quits", { _ in await tmux.hasExited })
        }
        let tmux = try await TmuxSession(shell: shell)
        try await tmux.waitFor("the prompt") { $0.last == "Element>" }
        try await tmux.press("Up")
        try await tmux.waitFor("the last line comes back") { $0.last == "Element> /echo second" }
        try await tmux.press("C-a", "C-k", "C-r")
        try await tmux.type("fir")
        try await tmux.waitFor("Ctrl-R finds the older line") { $0.last?.contains("/echo first") == true }
        try await tmux.press("Enter")
        try await tmux.waitFor("the found line runs") { $0.last == "Element>" && $0.contains("first") }
    }

    @Test func tabCompletesCommandsAndArguments() async throws {
        let tmux = try await TmuxSession.started()
        try await tmux.type("/whoa")
        try await tmux.press("Tab")
        try await tmux.waitFor("the command name") { $0.last == "Element> /whoami" }
        try await tmux.press("C-a", "C-k")
        try await tmux.type("/config cl")
        try await tmux.press("Tab")
        try await tmux.waitFor("a profile name") { $0.last == "Element> /config clap" }
        try await tmux.press("C-a", "C-k")
        try await tmux.type("/login matrix.o")
        try await tmux.press("Tab")
        try await tmux.waitFor("a homeserver name with a dot") { $0.last == "Element> /login matrix.org" }
    }

    @Test func ctrlCClearsTheLineAndQuitQuits() async throws {
        let tmux = try await TmuxSession.started()
        try await tmux.type("half a thought")
        try await tmux.waitFor("the typed text") { $0.last == "Element> half a thought" }
        try await tmux.press("C-c")
        try await tmux.waitFor("a fresh prompt") { $0.last == "Element>" }
        #expect(await !tmux.hasExited)
        try await tmux.type("/quit")
        try await tmux.press("Enter")
        try await tmux.waitFor("the shell ends", { _ in await tmux.hasExited })
    }

    @Test func aPasswordTypedAheadOfAFailedLoginIsThrownAway() async throws {
        let tmux = try await TmuxSession.started()
        // Pasted in one go: the server cannot be reached, so no password question ever comes.
        try await tmux.type("/login http://127.0.0.1:9 alice\rtopsecret\r")
        try await tmux.waitFor("the login fails and input resumes") { $0.contains { $0.contains("Cannot connect") } && $0.last == "Element>" }
        try await tmux.type("/echo after")
        try await tmux.press("Enter")
        let screen = try await tmux.waitFor("the shell goes on") { $0.contains("after") }
        #expect(!screen.joined().contains("topsecret"))
        #expect(!screen.joined().contains("No room is open"), "the typed-ahead line was not run")
        let history = try String(contentsOf: tmux.shell.home.appending(path: ".local/share/element-shell/element/history"), encoding: .utf8)
        #expect(history.contains("/echo after"))
        #expect(!history.contains("topsecret") && !history.contains("/login"))
    }

    @Test func anAliasForLoginThrowsTypeaheadAwayToo() async throws {
        let tmux = try await TmuxSession.started()
        try await tmux.type("/alias l /login http://127.0.0.1:9 bob\r")
        try await tmux.waitFor("the alias") { $0.last == "Element>" && $0.count > 3 }
        try await tmux.type("/l\rtopsecret\r")
        // Keys typed before the prompt comes back are thrown away with the password: the failure
        // prints first, and input resumes (the prompt) only after the flush.
        try await tmux.waitFor("the login fails and input resumes") { $0.contains { $0.contains("Cannot connect") } && $0.last == "Element>" }
        try await tmux.type("/echo after\r")
        let screen = try await tmux.waitFor("the shell goes on") { $0.contains("after") }
        #expect(!screen.joined().contains("topsecret"))
    }

    @Test func pastedCommandsWaitForEnterThenRunOneByOne() async throws {
        let tmux = try await TmuxSession.started()
        try await tmux.paste("/echo one\n/echo two\n")
        try await tmux.waitFor("the block in the input line") { $0.suffix(2) == ["Element> /echo one", "/echo two"] }
        try await tmux.press("Enter")
        let screen = try await tmux.waitFor("both lines ran") { $0.contains("two") }
        let tail = Array(screen.drop { !$0.hasPrefix("Element> /echo one") })
        #expect(tail.prefix(4) == ["Element> /echo one", "/echo two", "one", "two"])
    }

    @Test func aLongPastedMessageAsksFirstAndANoKeepsItInTheHistory() async throws {
        let tmux = try await TmuxSession.started()
        let lines = (1...6).map { "line \($0)" }
        try await tmux.paste(lines.joined(separator: "\n"))
        try await tmux.waitFor("the block in the input line") { $0.last == "line 6" }
        try await tmux.press("Enter")
        try await tmux.waitFor("the question") { $0.last?.hasPrefix("Send 6 lines as one message? [y/N]") == true }
        try await tmux.type("n\r")
        try await tmux.waitFor("the prompt again") { $0.last == "Element>" }
        try await tmux.press("Up")
        try await tmux.waitFor("the block back in the input line") { Array($0.suffix(6)) == ["Element> line 1"] + lines.dropFirst() }
        try await tmux.press("C-c")
        let screen = try await tmux.waitFor("the line dropped") { $0.last == "Element>" }
        #expect(!screen.contains { $0.contains("No room is open") }, "nothing was sent, line by line or whole")
    }

    @Test func aTimedQuitEndsTheShell() async throws {
        let tmux = try await TmuxSession.started()
        try await tmux.type("/after 0.2 /quit\r")
        try await tmux.waitFor("the shell ends without another key", { _ in await tmux.hasExited })
    }

    @Test func endingBySignalGivesTheTerminalBackAndSaysSo() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let tmux = try await TmuxSession(shell: shell, underJobControl: true)
        try await tmux.waitFor("bash") { $0.last == "$" }
        try await tmux.type(tmux.commandLine + "; echo status=$?\r")
        try await tmux.waitFor("the prompt") { $0.last == "Element>" }
        let shellPID = try #require(childPID(of: try await tmux.panePID()))
        kill(shellPID, SIGTERM)
        try await tmux.waitFor("the exit status") { $0.contains("status=143") }
    }

    @Test func ctrlZAndFgKeepTheLineEditorsMode() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let tmux = try await TmuxSession(shell: shell, underJobControl: true)
        try await tmux.waitFor("bash") { $0.last == "$" }
        try await tmux.type(tmux.commandLine + "\r")
        try await tmux.waitFor("the prompt") { $0.last == "Element>" }
        try await tmux.type("abc")
        // Keys the shell has not read yet when it stops are the terminal's to drop.
        try await tmux.waitFor("the typed line") { $0.last == "Element> abc" }
        try await tmux.press("C-z")
        try await tmux.waitFor("the job stops") { $0.contains { $0.contains("Stopped") } }
        try await tmux.type("fg\r")
        try await tmux.waitFor("the line is drawn again") { $0.last == "Element> abc" }
        try await tmux.type("d")
        try await tmux.waitFor("keys are the editor's again, not echoed twice") { $0.last == "Element> abcd" }
        try await tmux.press("C-a", "C-k")
        try await tmux.type("/quit\r")
        try await tmux.waitFor("back in bash") { $0.last == "$" }
    }

    /// The first child of a process: element-shell under the bash a test started it from.
    private func childPID(of parent: Int32) -> Int32? {
        let children = (try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    @Test func ctrlCStopsACommandThatHangs() async throws {
        // A server that takes the login's first request and never answers while the test runs.
        let requests = Recorder<String>()
        let release = DispatchSemaphore(value: 0)
        let server = try LoopbackHTTPServer { request in
            Task { await requests.append(request.path) }
            release.wait()
            return .init(status: 503)
        }
        defer {
            release.signal()
            server.stop()
        }
        let tmux = try await TmuxSession.started()
        try await tmux.type("/login http://127.0.0.1:\(server.port) alice")
        try await tmux.press("Enter")
        // Only once the request is out is there a command to stop; before, Ctrl-C clears the line.
        try await requests.wait(forCount: 1)
        try await tmux.press("C-c")
        try await tmux.waitFor("the login is cancelled") { $0.contains("Cancelled.") }
        try await tmux.type("/echo free")
        try await tmux.press("Enter")
        try await tmux.waitFor("the shell takes lines again") { $0.contains("free") }
    }

    @Test func thePromptFollowsTheProfile() async throws {
        _ = try await TmuxSession.started(arguments: ["--no-rc", "--profile", "clap"], prompt: "[Clap]»")
    }
}
