#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks the terminal `TerminalQuery` and reads its answers, in raw mode so they are not echoed,
/// restoring the mode it found. Done once, before the line editor reads the terminal.
public enum TerminalProbe {
    /// The answers the terminal on `input` and `output` gave within `limit`, which only a
    /// terminal that ignores DA1 waits out: the wait ends with its answer. Inside tmux it ends
    /// `grace` after tmux's own DA1 at the latest, since a tmux without passthrough never passes
    /// on the outer terminal's. An answer later than that would reach the line editor as typing,
    /// so neither is short.
    public static func ask(input: Int32, output: Int32, throughTmux: Bool,
                           limit: Duration = .seconds(1), grace: Duration = .milliseconds(200)) -> TerminalAnswers {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return TerminalAnswers() }
        var raw = saved
        cfmakeraw(&raw)
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return TerminalAnswers() }
        defer { tcsetattr(input, TCSANOW, &saved) }

        let query = TerminalQuery.bytes(throughTmux: throughTmux)
        guard query.withUnsafeBytes({ write(output, $0.baseAddress, $0.count) }) == query.count else { return TerminalAnswers() }
        let clock = ContinuousClock()
        var deadline = clock.now + limit
        var received: [UInt8] = []
        var answers = TerminalAnswers()
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !answers.isComplete(throughTmux: throughTmux) {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { break }
            var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000) + 1
            guard poll(&poller, 1, milliseconds) > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer[..<count]
            let hadTmuxAnswer = !answers.deviceAttributes.isEmpty
            answers = TerminalAnswers(parsing: received)
            if throughTmux, !hadTmuxAnswer, !answers.deviceAttributes.isEmpty {
                deadline = min(deadline, clock.now + grace)
            }
        }
        return answers
    }
}
