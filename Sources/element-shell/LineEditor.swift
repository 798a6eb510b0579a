@preconcurrency import CReadline
import Dispatch
import Foundation
@preconcurrency import Glibc
import Synchronization

/// The interactive terminal, on GNU readline's callback interface. One thread owns readline: it
/// polls standard input and a wake-up pipe. Every other thread only queues requests and writes a
/// byte to the pipe, so lines printed by background work land above the prompt while the partial
/// input and its cursor survive.
final class LineEditor: Sendable {
    enum Request {
        case print([String])
        case prompt(String)
        /// The next line answers a question instead of running; `hidden` turns echo off.
        case question(prompt: String, hidden: Bool, reply: @Sendable (String?) -> Void)
        case historyLimit(Int)
        case interrupt
        case resize
        /// Ctrl-Z: the terminal is given back before the process stops, and taken again after.
        case suspend
        case stop
        /// The terminal went away or the process was asked to end: give the terminal back and end input.
        case hangUp
    }

    struct Hooks: Sendable {
        /// A line the user finished; `nil` when they pressed Ctrl-D on an empty line.
        var line: @Sendable (String?) -> Void
        var complete: @Sendable (_ lineBeforeCursor: String) -> CompletionResult
        var shouldRecordInHistory: @Sendable (String) -> Bool
    }

    enum CompletionResult {
        case candidates([String])
        case files
    }

    private let requests = Mutex<[Request]>([])
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let history: HistoryFile?
    private let hooks: Hooks
    private let initialPrompt: String
    /// Written once by `start`, which runs before any other thread exists; kept only so the sources live.
    nonisolated(unsafe) private var signalSources: [DispatchSourceSignal] = []
    private let stopped = Mutex(StopWaiter())

    private struct StopWaiter {
        var finished = false
        var continuation: CheckedContinuation<Void, Never>?
    }

    init(prompt: String, history: HistoryFile?, hooks: Hooks) {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0, "cannot create the line editor's wake-up pipe")
        wakeRead = fds[0]
        wakeWrite = fds[1]
        _ = fcntl(wakeRead, F_SETFL, fcntl(wakeRead, F_GETFL) | O_NONBLOCK)
        self.history = history
        self.hooks = hooks
        initialPrompt = prompt
    }

    /// Starts the readline thread. Ctrl-C and window size changes arrive as requests too, so
    /// readline is only ever touched from its own thread.
    func start() {
        let handled = [(SIGINT, Request.interrupt), (SIGWINCH, Request.resize), (SIGTSTP, .suspend), (SIGTERM, .hangUp), (SIGHUP, .hangUp)]
        let sources = handled.map { signalNumber, request in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in send(request) }
            source.resume()
            return source
        }
        let thread = Thread { [self] in run() }
        thread.name = "readline"
        thread.start()
        signalSources = sources
    }

    /// Asks a question and waits for the answer; `nil` when the user pressed Ctrl-C or Ctrl-D.
    func ask(_ prompt: String, hidden: Bool) async -> String? {
        await withCheckedContinuation { continuation in
            send(.question(prompt: prompt, hidden: hidden) { continuation.resume(returning: $0) })
        }
    }

    /// Stops the readline thread and waits until it has given the terminal back.
    func stop() async {
        send(.stop)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            stopped.withLock { waiter in
                if waiter.finished {
                    continuation.resume()
                } else {
                    waiter.continuation = continuation
                }
            }
        }
    }

    func send(_ request: Request) {
        requests.withLock { $0.append(request) }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: - The readline thread

    private func run() {
        ReadlineBridge.install(editor: self)
        history?.load()
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        rl_callback_handler_install(initialPrompt) { ReadlineBridge.handleLine($0) }
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        var running = true
        while running {
            guard poll(&descriptors, 2, -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            if descriptors[1].revents != 0 {
                running = drainRequests()
            }
            if running, descriptors[0].revents & Int16(POLLIN | POLLHUP) != 0 {
                rl_callback_read_char()
            }
        }
        rl_callback_handler_remove()
        ReadlineBridge.restoreTerminal()
        stopped.withLock { waiter in
            waiter.finished = true
            waiter.continuation?.resume()
        }
    }

    /// Runs queued requests in order; false once a stop was asked for.
    private func drainRequests() -> Bool {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &sink, sink.count) > 0 {}
        for request in requests.withLock({ pending in defer { pending.removeAll() }; return pending }) {
            switch request {
            case .print(let lines): ReadlineBridge.printAbove(lines)
            case .prompt(let prompt): ReadlineBridge.setPrompt(prompt)
            case .question(let prompt, let hidden, let reply): ReadlineBridge.beginQuestion(prompt: prompt, hidden: hidden, reply: reply)
            case .historyLimit(let limit): history?.setLimit(limit)
            case .interrupt: ReadlineBridge.interrupt()
            case .resize: rl_resize_terminal()
            case .suspend: ReadlineBridge.suspend()
            case .stop: return false
            case .hangUp:
                hooks.line(nil)
                return false
            }
        }
        return true
    }

    func accept(_ line: String?) {
        if let line, !line.isEmpty, hooks.shouldRecordInHistory(line) {
            history?.append(line)
        }
        hooks.line(line)
    }

    func complete(_ lineBeforeCursor: String) -> CompletionResult {
        hooks.complete(lineBeforeCursor)
    }
}
