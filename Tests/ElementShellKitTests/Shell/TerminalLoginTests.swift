import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The interactive login against the real homeserver, in a real terminal.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable && TestHomeserver.current != nil, "needs tmux and the Synapse of Scripts/test"))
struct TerminalLoginTests {
    let homeserver = TestHomeserver.current!

    /// Logs in by typing the password at its question.
    func logIn(_ tmux: TmuxSession, as user: String) async throws {
        try await tmux.type("/login test \(user)\r")
        try await tmux.waitFor("the password question") { $0.last?.hasPrefix("Password for") == true }
        try await tmux.type(homeserver.password + "\r")
        try await tmux.waitFor("logged in") { $0.last?.hasPrefix("Tester @\(user):") == true }
    }

    /// Drafts as the issue wants them: kept by Ctrl-X D, still there after a restart, put back into
    /// the input line by `/open`, gone once sent, and gone with the session at logout.
    @Test func aDraftSurvivesARestartFillsTheLineClearsOnSendAndGoesWithTheSession() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let user = homeserver.user(0)
        let transport = CurlTransport(userAgent: "element-shell tests")
        let session = try await MatrixAuthService(transport: transport).login(homeserverURL: homeserver.url, user: user,
                                                                              password: homeserver.password, deviceDisplayName: "setup")
        let name = "Drafty \(UUID().uuidString.prefix(6))"
        _ = try await CreatedRoom.create(named: name, session: session, transport: transport)
        try await MatrixAuthService(transport: transport).logout(session)

        let tmux = try await TmuxSession(shell: shell, arguments: try shell.testerArguments(for: homeserver), underJobControl: true)
        try await tmux.waitFor("bash") { $0.last == "$" }
        try await tmux.type(tmux.commandLine + "\r")
        try await tmux.waitFor("the prompt") { $0.last == "Tester>" }
        try await logIn(tmux, as: user)
        try await tmux.type("/wait sync\r")
        try await tmux.type("/open \(name)\r")
        try await tmux.waitFor("the room is open") { $0.contains { $0.contains(name) && $0.contains("no messages") } }
        try await tmux.type("see you at five")
        try await tmux.press("C-x", "d")
        try await tmux.waitFor("the draft is kept and the line is free") { $0.contains("Draft saved.") && $0.last?.hasSuffix(">") == true }

        try await tmux.type("/quit\r")
        try await tmux.waitFor("the shell has ended") { $0.last == "$" }
        try await tmux.type(tmux.commandLine + "\r")
        try await tmux.waitFor("the session resumed") { $0.last?.hasPrefix("Tester @\(user):") == true }
        try await tmux.type("/drafts\r")
        try await tmux.waitFor("the draft outlived the restart") { $0.contains { $0.contains(name) && $0.hasSuffix("see you at five") } }
        try await tmux.type("/open \(name)\r")
        try await tmux.waitFor("the draft is back in the input line") { $0.last?.hasSuffix("> see you at five") == true }
        try await tmux.press("Enter")
        try await tmux.type("/drafts\r")
        try await tmux.waitFor("sending took the draft away") { TmuxSession.printed(after: "/drafts", on: $0).contains("No drafts.") }

        try await tmux.type("/draft back later\r")
        try await tmux.type("/drafts\r")
        try await tmux.waitFor("a new draft") { TmuxSession.printed(after: "/drafts", on: $0).contains { $0.hasSuffix("back later") } }
        try await tmux.type("/logout!\r")
        try await tmux.waitFor("logged out") { $0.last == "Tester>" }
        try await logIn(tmux, as: user)
        try await tmux.type("/drafts\r")
        try await tmux.waitFor("the draft went with the session") { TmuxSession.printed(after: "/drafts", on: $0).contains("No drafts.") }
        try await tmux.type("/logout!\r")
        try await tmux.waitFor("logged out") { $0.last == "Tester>" }
    }

    @Test func aPasswordQuestionSurvivesCtrlZAndStaysHidden() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let tmux = try await TmuxSession(shell: shell, arguments: try shell.testerArguments(for: homeserver), underJobControl: true)
        try await tmux.waitFor("bash") { $0.last == "$" }
        try await tmux.type(tmux.commandLine + "\r")
        try await tmux.waitFor("the prompt") { $0.last == "Tester>" }
        let user = homeserver.user(0)
        try await tmux.type("/login test \(user)\r")
        try await tmux.waitFor("the password question") { $0.last?.hasPrefix("Password for \(user) on test:") == true }
        try await tmux.type("half")
        try await tmux.press("C-z")
        try await tmux.waitFor("the job stops") { $0.contains { $0.contains("Stopped") } }
        try await tmux.type("fg\r")
        try await tmux.waitFor("the question is asked again") { $0.last?.hasPrefix("Password for \(user) on test:") == true }
        try await tmux.press("C-u")
        try await tmux.type(homeserver.password + "\r")
        // Logged in, whether or not the first sync has finished (it may take seconds under load).
        let screen = try await tmux.waitFor("logged in") { $0.last?.hasPrefix("Tester @\(user):\(homeserver.serverName)") == true }
        #expect(!screen.joined().contains(homeserver.password) && !screen.joined().contains("half"))
        try await tmux.type("/logout!\r")
        try await tmux.waitFor("logged out") { $0.last == "Tester>" }
    }

    @Test func thePasswordIsHiddenThePromptFollowsAndQuestionsGiveTheLineBack() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let tmux = try await TmuxSession(shell: shell, arguments: try shell.testerArguments(for: homeserver))
        let user = homeserver.user(1)
        let userID = "@\(user):\(homeserver.serverName)"
        try await tmux.waitFor("the prompt") { $0.last == "Tester>" }
        try await tmux.type("/login test \(user)")
        try await tmux.press("Enter")
        try await tmux.waitFor("the password question") { $0.last?.hasPrefix("Password for \(user) on test:") == true }
        try await tmux.type(homeserver.password)
        try await tmux.press("Enter")
        let screen = try await tmux.waitFor("the prompt shows who is logged in") { $0.last == "Tester \(userID)>" }
        #expect(!screen.joined().contains(homeserver.password))

        try await tmux.type("/after 1 /logout")
        try await tmux.press("Enter")
        try await tmux.type("half typed")
        try await tmux.waitFor("the logout question") { $0.last?.hasPrefix("Log out \(userID)?") == true }
        try await tmux.type("n")
        try await tmux.press("Enter")
        try await tmux.waitFor("the typed line comes back") { $0.last == "Tester \(userID)> half typed" }
        #expect(try await tmux.cursorColumn() == "Tester \(userID)> half typed".count)

        try await tmux.press("C-a", "C-k")
        try await tmux.type("/logout")
        try await tmux.press("Enter")
        try await tmux.waitFor("the logout question") { $0.last?.hasPrefix("Log out \(userID)?") == true }
        try await tmux.type("y")
        try await tmux.press("Enter")
        try await tmux.waitFor("logged out, the prompt follows") { $0.last == "Tester>" }
        let history = try String(contentsOf: shell.home.appending(path: ".local/share/element-shell/tester/history"), encoding: .utf8)
        #expect(!history.contains(homeserver.password))
    }
}
