import Foundation
import Testing

/// The history file after a session typed at a real terminal (tmux) on a private server: the
/// commands are there, but no `/login` or `/keys` line and nothing answered to their questions.
@Suite(.enabled(if: TmuxSession.isAvailable && PrivateHomeserver.isAvailable, "needs tmux and the Synapse venv of Scripts/test"))
struct TerminalHistoryTests {
    @Test func loginAndKeysLinesAndWhatTheyAskStayOutOfTheHistory() async throws {
        let server = try await PrivateHomeserver(users: ["alice"])
        let shell = ShellProcess()
        defer { shell.remove() }
        let password = server.homeserver.password
        let passphrase = "passphrase \(UUID().uuidString.prefix(8))"
        let exportFile = shell.home.appending(path: "keys.txt").path
        let tmux = try await TmuxSession(shell: shell, arguments: try shell.testerArguments(for: server.homeserver))
        try await tmux.waitFor("the prompt") { $0.last == "Tester>" }

        try await tmux.type("/echo before\r")
        try await tmux.type("/login test alice\r")
        try await tmux.waitFor("the password question") { $0.last?.hasPrefix("Password for alice on test:") == true }
        try await tmux.type(password + "\r")
        try await tmux.waitFor("logged in") { $0.last == "Tester @alice:localhost>" }
        try await tmux.type("/whoami\r")
        try await tmux.type("/keys export \(exportFile)\r")
        try await tmux.waitFor("the passphrase question") { $0.last?.hasPrefix("Passphrase for \(exportFile):") == true }
        try await tmux.type(passphrase + "\r")
        try await tmux.waitFor("the second question") { $0.last?.hasPrefix("The same passphrase again:") == true }
        try await tmux.type(passphrase + "\r")
        try await tmux.waitFor("the export") { $0.contains { $0.hasPrefix("Exported") } }
        try await tmux.type("/echo after\r")
        try await tmux.waitFor("the last line ran") { $0.contains("after") }
        try await tmux.type("/quit\r")
        try await tmux.waitFor("the shell ends", { _ in await tmux.hasExited })

        let history = try String(contentsOf: shell.home.appending(path: ".local/share/element-shell/tester/history"), encoding: .utf8)
        let lines = history.split(separator: "\n").map(String.init)
        #expect(lines == ["/echo before", "/whoami", "/echo after", "/quit"], "\(lines)")
        #expect(!history.contains(password) && !history.contains(passphrase))
    }
}
