import Foundation
import Testing

/// What a person at a terminal sees, checked in a real one (tmux).
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux, which Scripts/test installs"))
struct TerminalPromptTests {
    @Test func backgroundLinesLeaveTheTypedLineAndCursorAlone() throws {
        let tmux = try TmuxSession.started()
        try tmux.type("/after 1 /echo background line")
        try tmux.press("Enter")
        try tmux.type("hello wor")
        try tmux.press("Left", "Left")
        let screen = try tmux.waitFor("the background line") { $0.contains("background line") }
        #expect(screen.suffix(2) == ["background line", "Element> hello wor"])
        #expect(try tmux.cursorColumn() == "Element> hello w".count)
        try tmux.type("X")
        try tmux.waitFor("typing goes on where the cursor was") { $0.last == "Element> hello wXor" }
    }

    @Test func nonASCIITextIsEditedByCharacter() throws {
        // The test's LANG names a locale this machine may not have; the shell must still edit UTF-8.
        let tmux = try TmuxSession.started()
        try tmux.type("/echo grüße…")
        try tmux.press("Left", "Left")
        try tmux.type("X")
        try tmux.waitFor("the insert lands between characters") { $0.last == "Element> /echo grüßXe…" }
        try tmux.press("Enter")
        try tmux.waitFor("the line runs whole") { $0.contains("grüßXe…") }
    }

    @Test func historyIsKeptPerProfileAndSearchable() throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        do {
            let tmux = try TmuxSession(shell: shell)
            try tmux.waitFor("the prompt") { $0.last == "Element>" }
            for line in ["/echo first", "/echo second"] {
                try tmux.type(line)
                try tmux.press("Enter")
            }
            try tmux.waitFor("both lines ran") { $0.contains("second") }
            try tmux.press("C-d")
            try tmux.waitFor("Ctrl-D on an empty line quits", { _ in tmux.hasExited })
        }
        let tmux = try TmuxSession(shell: shell)
        try tmux.waitFor("the prompt") { $0.last == "Element>" }
        try tmux.press("Up")
        try tmux.waitFor("the last line comes back") { $0.last == "Element> /echo second" }
        try tmux.press("C-a", "C-k", "C-r")
        try tmux.type("fir")
        try tmux.waitFor("Ctrl-R finds the older line") { $0.last?.contains("/echo first") == true }
        try tmux.press("Enter")
        try tmux.waitFor("the found line runs") { $0.last == "Element>" && $0.contains("first") }
    }

    @Test func tabCompletesCommandsAndArguments() throws {
        let tmux = try TmuxSession.started()
        try tmux.type("/wh")
        try tmux.press("Tab")
        try tmux.waitFor("the command name") { $0.last == "Element> /whoami" }
        try tmux.press("C-a", "C-k")
        try tmux.type("/config cl")
        try tmux.press("Tab")
        try tmux.waitFor("a profile name") { $0.last == "Element> /config clap" }
        try tmux.press("C-a", "C-k")
        try tmux.type("/login matrix.o")
        try tmux.press("Tab")
        try tmux.waitFor("a homeserver name with a dot") { $0.last == "Element> /login matrix.org" }
    }

    @Test func ctrlCClearsTheLineAndQuitQuits() throws {
        let tmux = try TmuxSession.started()
        try tmux.type("half a thought")
        try tmux.waitFor("the typed text") { $0.last == "Element> half a thought" }
        try tmux.press("C-c")
        try tmux.waitFor("a fresh prompt") { $0.last == "Element>" }
        #expect(!tmux.hasExited)
        try tmux.type("/quit")
        try tmux.press("Enter")
        try tmux.waitFor("the shell ends", { _ in tmux.hasExited })
    }

    @Test func aPasswordTypedAheadOfAFailedLoginIsThrownAway() throws {
        let tmux = try TmuxSession.started()
        // Pasted in one go: the server cannot be reached, so no password question ever comes.
        try tmux.type("/login http://127.0.0.1:9 alice\rtopsecret\r")
        try tmux.waitFor("the login fails") { $0.contains { $0.contains("Cannot connect") } }
        try tmux.type("/echo after")
        try tmux.press("Enter")
        let screen = try tmux.waitFor("the shell goes on") { $0.contains("after") }
        #expect(!screen.joined().contains("topsecret"))
        #expect(!screen.joined().contains("No room is open"), "the typed-ahead line was not run")
        let history = try String(contentsOf: tmux.shell.home.appending(path: ".local/share/element-shell/element/history"), encoding: .utf8)
        #expect(history.contains("/echo after"))
        #expect(!history.contains("topsecret") && !history.contains("/login"))
    }

    @Test func anAliasForLoginThrowsTypeaheadAwayToo() throws {
        let tmux = try TmuxSession.started()
        try tmux.type("/alias l /login http://127.0.0.1:9 bob\r")
        try tmux.waitFor("the alias") { $0.last == "Element>" && $0.count > 3 }
        try tmux.type("/l\rtopsecret\r")
        try tmux.waitFor("the login fails") { $0.contains { $0.contains("Cannot connect") } }
        try tmux.type("/echo after\r")
        let screen = try tmux.waitFor("the shell goes on") { $0.contains("after") }
        #expect(!screen.joined().contains("topsecret"))
    }

    @Test func pastedLinesRunOneByOneWithTheirResults() throws {
        let tmux = try TmuxSession.started()
        try tmux.paste("/echo one\n/echo two\n")
        let screen = try tmux.waitFor("both lines ran") { $0.contains("two") }
        let tail = Array(screen.drop { !$0.hasPrefix("Element> /echo one") })
        #expect(tail.prefix(4) == ["Element> /echo one", "one", "Element> /echo two", "two"])
    }

    @Test func aTimedQuitEndsTheShell() throws {
        let tmux = try TmuxSession.started()
        try tmux.type("/after 0.2 /quit\r")
        try tmux.waitFor("the shell ends without another key", { _ in tmux.hasExited })
    }

    @Test func endingBySignalGivesTheTerminalBackAndSaysSo() throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let tmux = try TmuxSession(shell: shell, underJobControl: true)
        try tmux.waitFor("bash") { $0.last == "$" }
        try tmux.type(tmux.commandLine + "; echo status=$?\r")
        try tmux.waitFor("the prompt") { $0.last == "Element>" }
        let shellPID = try #require(childPID(of: try tmux.panePID()))
        kill(shellPID, SIGTERM)
        try tmux.waitFor("the exit status") { $0.contains("status=143") }
    }

    @Test func ctrlZAndFgKeepTheLineEditorsMode() throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let tmux = try TmuxSession(shell: shell, underJobControl: true)
        try tmux.waitFor("bash") { $0.last == "$" }
        try tmux.type(tmux.commandLine + "\r")
        try tmux.waitFor("the prompt") { $0.last == "Element>" }
        try tmux.type("abc")
        // Keys still unread when the terminal changes mode are dropped by the terminal itself.
        try tmux.waitFor("the keys are read") { $0.last == "Element> abc" }
        try tmux.press("C-z")
        try tmux.waitFor("the job stops") { $0.contains { $0.contains("Stopped") } }
        try tmux.type("fg\r")
        try tmux.waitFor("the line is drawn again") { $0.last == "Element> abc" }
        try tmux.type("d")
        try tmux.waitFor("keys are the editor's again, not echoed twice") { $0.last == "Element> abcd" }
        try tmux.press("C-a", "C-k")
        try tmux.type("/quit\r")
        try tmux.waitFor("back in bash") { $0.last == "$" }
    }

    /// The first child of a process: element-shell under the bash a test started it from.
    private func childPID(of parent: Int32) -> Int32? {
        let children = (try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    @Test func ctrlCStopsACommandThatHangs() throws {
        let server = try SilentServer()
        let tmux = try TmuxSession.started()
        try tmux.type("/login http://127.0.0.1:\(server.port) alice")
        try tmux.press("Enter")
        Thread.sleep(forTimeInterval: 0.5)
        try tmux.press("C-c")
        try tmux.waitFor("the login is cancelled", timeout: 5) { $0.contains("Cancelled.") }
        try tmux.type("/echo free")
        try tmux.press("Enter")
        try tmux.waitFor("the shell takes lines again") { $0.contains("free") }
    }

    @Test func thePromptFollowsTheProfile() throws {
        _ = try TmuxSession.started(arguments: ["--no-rc", "--profile", "clap"], prompt: "[Clap]»")
    }
}
