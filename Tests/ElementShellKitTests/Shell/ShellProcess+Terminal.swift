import Foundation

extension ShellProcess {
    /// What the terminal of `runInTerminal` does, in order.
    enum TerminalStep {
        /// Types the text and Enter.
        case type(String)
        /// Types the text, leaving it on the input line.
        case keys(String)
        /// Waits until what the shell printed holds `count` matches of the regular expression.
        case wait(String, count: Int = 1)

        var json: [Any] {
            switch self {
            case .type(let text): ["type", text]
            case .keys(let text): ["keys", text]
            case .wait(let pattern, let count): ["wait", pattern, count]
            }
        }
    }

    /// Runs the shell on a pseudo-terminal of 100 × 40 cells of 10 × 20 pixels that answers its
    /// query as a sixel terminal does (`Peers/pty_terminal.py`), through `steps`, the last of which
    /// should end it. Returns every byte it printed.
    func runInTerminal(_ arguments: [String], steps: [TerminalStep], extraEnvironment: [String: String] = [:])
        async throws -> (status: Int32, printed: Data, errors: String) {
        let output = home.appending(path: "terminal-\(UUID().uuidString).bin")
        let steps = String(decoding: try JSONSerialization.data(withJSONObject: steps.map(\.json)), as: UTF8.self)
        let variables = environment.merging(["TERM": "xterm"].merging(extraEnvironment) { $1 }) { $1 }
        let run = try await PeerScript.execute(PeerScript.path("pty_terminal.py"),
                                               ["--output", output.path, "--steps", steps] + variables.map { ["--env", "\($0.key)=\($0.value)"] }.flatMap { $0 }
                                               + ["--", Self.executable.path] + arguments)
        return (run.status, (try? Data(contentsOf: output)) ?? Data(), run.errors)
    }
}
