import Foundation
import TestSupport

/// The shell in a real terminal: a tmux server of its own, keys sent with `send-keys`, the screen
/// read with `capture-pane`. Its calls are async: each is a tmux process, and a wait for the screen
/// sleeps between looks, neither holding one of the test runner's threads.
final class TmuxSession {
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    let socket = "element-shell-test-\(UUID().uuidString.prefix(8))"
    let shell: ShellProcess

    /// The command line that starts element-shell with `arguments`.
    let commandLine: String

    /// Runs element-shell in the pane; with `underJobControl`, an interactive bash runs there
    /// instead (prompt `$`), so a test can start the shell from it and use Ctrl-Z and `fg`. With
    /// `recording`, every byte the program writes goes to that file too (`pipe-pane`), from its
    /// first: the program starts only once the recording does. With `heldUntilEnter`, it starts
    /// at the first Enter the test sends: what follows that Enter is typed ahead of it.
    init(shell: ShellProcess, arguments: [String] = ["--no-rc"], underJobControl: Bool = false, width: Int = 100, height: Int = 20,
         recording: URL? = nil, heldUntilEnter: Bool = false) async throws {
        self.shell = shell
        commandLine = Self.quoted(ShellProcess.executable.path) + " " + arguments.map(Self.quoted).joined(separator: " ")
        let variables = shell.environment.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        let program = underJobControl ? "PS1='$ ' bash --norc --noprofile -i" : commandLine
        try await tmux(["new-session", "-d", "-s", "shell", "-x", "\(width)", "-y", "\(height)",
                        (recording == nil && !heldUntilEnter ? "" : "read go; ") + "env -i \(variables) \(program)"],
                       capturesOutput: false)
        try await waitFor("the tmux session") { _ in
            guard (try? await tmux(["has-session", "-t", "shell"])) != nil else { return false }
            return await hasSession
        }
        try await tmux(["set-option", "-t", "shell", "remain-on-exit", "on"])
        if let recording {
            try await tmux(["pipe-pane", "-O", "-t", "shell", "cat > " + Self.quoted(recording.path)])
            if !heldUntilEnter { try await press("Enter") }
        }
    }

    /// Ends the recording `init` started, once the program has ended: what it wrote is in the file.
    func endRecording() async throws {
        try await waitFor("the program to end") { _ in await hasExited }
        try await tmux(["pipe-pane", "-t", "shell"])
    }

    /// Whether the shell's home is this session's to remove when it ends.
    private var ownsHome = false

    /// element-shell in a terminal and a home of its own, at its first prompt.
    static func started(arguments: [String] = ["--no-rc"], prompt: String = "Element>") async throws -> TmuxSession {
        let session = try await TmuxSession(shell: ShellProcess(), arguments: arguments)
        session.ownsHome = true
        try await session.waitFor("the prompt") { $0.last == prompt }
        return session
    }

    deinit {
        // A deinit cannot suspend, and killing the server takes a moment.
        _ = try? Self.tmux(["kill-server"], socket: socket)
        if ownsHome { shell.remove() }
    }

    /// Types literal text (no key names are interpreted).
    func type(_ text: String) async throws {
        try await tmux(["send-keys", "-t", "shell", "-l", text])
    }

    /// Pastes text as a terminal paste (bracketed when the program asked for that).
    func paste(_ text: String) async throws {
        try await tmux(["set-buffer", "--", text])
        try await tmux(["paste-buffer", "-p", "-t", "shell"])
    }

    /// The process running in the pane (the shell, or bash around it).
    func panePID() async throws -> Int32 {
        Int32(try await tmux(["display-message", "-p", "-t", "shell", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Presses keys by tmux name: `Enter`, `Left`, `C-c`, `Tab`, `Up`.
    func press(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", "shell"] + keys)
    }

    /// The visible screen, trailing blank lines dropped.
    func screen() async throws -> [String] {
        var lines = try await tmux(["capture-pane", "-p", "-t", "shell"]).components(separatedBy: "\n")
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Everything the pane showed since it started, scrolled off or not, trailing blank lines dropped.
    func scrollback() async throws -> [String] {
        var lines = try await tmux(["capture-pane", "-p", "-S", "-", "-t", "shell"]).components(separatedBy: "\n")
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The lines printed since `command` was last typed, trimmed: its answer and whatever else
    /// printed meanwhile. A message that lands from sync may print after the answer, so the
    /// answer is not always the line above the prompt.
    static func printed(after command: String, on screen: [String]) -> [String] {
        guard let typed = screen.lastIndex(where: { $0.hasSuffix("> " + command) }) else { return [] }
        return screen[(typed + 1)...].map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The cursor's column, 0-based.
    func cursorColumn() async throws -> Int {
        Int(try await tmux(["display-message", "-p", "-t", "shell", "#{cursor_x}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    private var hasSession: Bool {
        get async { !((try? await tmux(["list-sessions", "-F", "#{session_name}"])) ?? "").isEmpty }
    }

    var hasExited: Bool {
        get async {
            (try? await tmux(["display-message", "-p", "-t", "shell", "#{pane_dead}"]).trimmingCharacters(in: .whitespacesAndNewlines)) == "1"
        }
    }

    /// Waits until `condition` holds for the screen. A terminal tells nobody when it changes, so
    /// the screen is read again every 50 ms; the deadline is the tests' usual one, which only a
    /// hang reaches (five seconds was reached by a busy machine).
    @discardableResult
    func waitFor(_ description: String, timeout: TimeInterval = Waiting.deadlineSeconds, _ condition: ([String]) async -> Bool) async throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var lines = try await screen()
        while await !condition(lines) {
            guard Date() < deadline else { throw Timeout(expectation: description, screen: lines, log: shell.logTail()) }
            try await Task.sleep(for: .milliseconds(50))
            lines = try await screen()
        }
        return lines
    }

    struct Timeout: Error, CustomStringConvertible {
        let expectation: String
        let screen: [String]
        /// The end of the shell's log: what it did while the screen stood still.
        let log: [String]

        var description: String {
            "timed out waiting for \(expectation); the screen was:\n" + screen.joined(separator: "\n")
                + (log.isEmpty ? "" : "\nthe end of the shell's log:\n" + log.joined(separator: "\n"))
        }
    }

    @discardableResult
    private func tmux(_ arguments: [String], capturesOutput: Bool = true) async throws -> String {
        try await offThePool { [socket] in try Self.tmux(arguments, socket: socket, capturesOutput: capturesOutput) }
    }

    @discardableResult
    private static func tmux(_ arguments: [String], socket: String, capturesOutput: Bool = true) throws -> String {
        let tmuxArguments = ["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments
        // The command that starts the server needs a clean start; the others need their output.
        let process = capturesOutput ? ChildProcess() : CleanStart.process(tmuxArguments)
        if capturesOutput {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
            process.arguments = Array(tmuxArguments.dropFirst())
        }
        let output = Pipe()
        process.standardOutput = capturesOutput ? output as any Sendable : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = capturesOutput ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
