import Foundation
import Synchronization
import TestSupport

/// A peer call (or a shell run) that goes on while the test does (an interactive verification):
/// its JSON lines as they come, each waited for by what it says rather than by time, and its
/// answer at the end.
final class RunningPeer: Sendable {
    private let lines = Lines()
    private let run: Task<(status: Int32, errors: String), any Error>
    private let process: ChildProcess

    /// Starts `script` with `arguments`; its standard output is read line by line.
    convenience init(_ script: String, _ arguments: [String], python: String?) throws {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: python ?? "/usr/bin/python3")
        process.arguments = [script] + arguments
        try self.init(process)
    }

    /// Starts `process` as set up, with nothing on standard input; its standard output is read
    /// line by line.
    init(_ process: ChildProcess) throws {
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        self.process = process
        try input.fileHandleForWriting.close()
        let lines = lines
        run = Task {
            async let errorText = offThePool { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
            try await offThePool {
                var pending = Data()
                // One read at a time: `read(upToCount:)` waits for the whole count (or the end),
                // so a line would wait for the peer to write more or to exit.
                while case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = Data(pending[pending.startIndex..<newline])
                        pending = Data(pending[pending.index(after: newline)...])
                        lines.add(String(decoding: line, as: UTF8.self))
                    }
                }
                process.waitUntilExit()
            }
            lines.end()
            return (process.terminationStatus, try await errorText)
        }
    }

    /// The first line that `matches`, waiting for it; `nil` when the call ended without one.
    func line(where matches: @escaping @Sendable ([String: Any]) -> Bool) async -> [String: Any]? {
        await lines.first(where: matches).flatMap(Lines.object)
    }

    /// Sends SIGINT, as Ctrl-C in a terminal does.
    func interrupt() {
        process.interrupt()
    }

    /// The exit status and standard error once the call ended, whatever the status.
    func ending() async throws -> (status: Int32, errors: String) {
        try await run.value
    }

    /// The call's answer, its last line, once it ended; a failure when it exited otherwise than 0.
    func answer() async throws -> [String: Any] {
        let (status, errors) = try await run.value
        let last = lines.last.flatMap(Lines.object) ?? [:]
        guard status == 0 else { throw PeerScript.Failure(arguments: process.arguments ?? [], status: status, answer: "\(last)", errors: errors) }
        return last
    }

    /// The JSON lines read so far (kept as text, which may cross tasks), and who waits for which.
    private final class Lines: Sendable {
        private typealias Waiter = (matches: @Sendable ([String: Any]) -> Bool, continuation: CheckedContinuation<String?, Never>)
        private struct State {
            var lines: [String] = []
            var ended = false
            var waiters: [Waiter] = []
        }

        private let state = Mutex(State())

        static func object(_ line: String) -> [String: Any]? {
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }

        var last: String? { state.withLock { $0.lines.last { Self.object($0) != nil } } }

        func add(_ line: String) {
            guard let object = Self.object(line) else { return }
            let ready = state.withLock { state in
                state.lines.append(line)
                defer { state.waiters.removeAll { $0.matches(object) } }
                return state.waiters.filter { $0.matches(object) }
            }
            ready.forEach { $0.continuation.resume(returning: line) }
        }

        func end() {
            let waiting = state.withLock { state in
                state.ended = true
                defer { state.waiters = [] }
                return state.waiters
            }
            waiting.forEach { $0.continuation.resume(returning: nil) }
        }

        func first(where matches: @escaping @Sendable ([String: Any]) -> Bool) async -> String? {
            await withCheckedContinuation { continuation in
                let now: String?? = state.withLock { state in
                    if let found = state.lines.first(where: { Self.object($0).map(matches) == true }) { return .some(found) }
                    if state.ended { return .some(nil) }
                    state.waiters.append((matches, continuation))
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        }
    }
}
