import Foundation
import Testing

/// The interactive login against the real homeserver, in a real terminal.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable && TestHomeserver.current != nil, "needs tmux and the Synapse of Scripts/test"))
struct TerminalLoginTests {
    let homeserver = TestHomeserver.current!

    @Test func thePasswordIsHiddenThePromptFollowsAndQuestionsGiveTheLineBack() throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let config = try shell.write("""
        homeservers:
          test: { url: \(homeserver.url.absoluteString) }
        profiles:
          tester: { app_name: Tester, default_homeserver: test }
        """, to: "config.yaml")
        let tmux = try TmuxSession(shell: shell, arguments: ["--no-rc", "--config", config, "--profile", "tester"])
        let user = homeserver.user(1)
        let userID = "@\(user):\(homeserver.serverName)"
        try tmux.waitFor("the prompt") { $0.last == "Tester>" }
        try tmux.type("/login test \(user)")
        try tmux.press("Enter")
        try tmux.waitFor("the password question") { $0.last?.hasPrefix("Password for \(user) on test:") == true }
        try tmux.type(homeserver.password)
        try tmux.press("Enter")
        let screen = try tmux.waitFor("the prompt shows who is logged in") { $0.last == "Tester \(userID)>" }
        #expect(!screen.joined().contains(homeserver.password))

        try tmux.type("/after 1 /logout")
        try tmux.press("Enter")
        try tmux.type("half typed")
        try tmux.waitFor("the logout question") { $0.last?.hasPrefix("Log out \(userID)?") == true }
        try tmux.type("n")
        try tmux.press("Enter")
        try tmux.waitFor("the typed line comes back") { $0.last == "Tester \(userID)> half typed" }
        #expect(try tmux.cursorColumn() == "Tester \(userID)> half typed".count)

        try tmux.press("C-a", "C-k")
        try tmux.type("/logout")
        try tmux.press("Enter")
        try tmux.waitFor("the logout question") { $0.last?.hasPrefix("Log out \(userID)?") == true }
        try tmux.type("y")
        try tmux.press("Enter")
        try tmux.waitFor("logged out, the prompt follows") { $0.last == "Tester>" }
        let history = try String(contentsOf: shell.home.appending(path: ".local/share/element-shell/tester/history"), encoding: .utf8)
        #expect(!history.contains(homeserver.password))
    }
}
