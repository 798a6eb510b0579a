@preconcurrency import CReadline
import Dispatch
import ElementShellKit
import Foundation
@preconcurrency import Glibc
import Synchronization

/// The interactive terminal, on GNU readline's callback interface. One thread owns readline: it
/// polls standard input and a wake-up pipe. Every other thread only queues requests and writes a
/// byte to the pipe, so lines printed by background work land above the prompt while the partial
/// input and its cursor survive.
///
/// After each finished line, standard input is left unread until the app says the line has been
/// dealt with (`resumeInput`) or asks a question: keys typed ahead wait in the terminal. After a
/// line that tried to log in, they are thrown away, so a password typed for a question that never
/// came is never taken for a command, shown or kept.
final class LineEditor: Sendable {
    enum Request {
        case print([String])
        /// Lines, then a picture's sequence in the `rows` under them.
        case picture(lines: [String], sequence: [UInt8], rows: Int)
        case prompt(String)
        /// Questions are answered one at a time, in order; `hidden` turns echo off.
        case question(prompt: String, hidden: Bool, reply: @Sendable (String?) -> Void)
        case resumeInput(discardingTypeahead: Bool)
        /// The startup's output is in; the first prompt may follow it.
        case startupFinished
        /// Puts text into the input line to edit, as when a room with a draft is opened.
        case setLine(String)
        case historyLimit(Int)
        /// Screen-reader mode: the input line is drawn as a teletype would, never redrawn.
        case screenReader(Bool)
        /// The terminal bell, as the user's readline configures it (audible, visible or none).
        case ring
        case interrupt
        case resize
        /// Ctrl-Z: the terminal is given back before the process stops, and taken again after.
        case suspend
        case stop
        /// The terminal went away or the process was asked to end: give the terminal back and end input.
        case hangUp(signal: Int32)
    }

    struct Hooks: Sendable {
        /// A line the user finished; `nil` at the end of input (Ctrl-D on an empty line, hang-up).
        var line: @Sendable (String?) -> Void
        /// Ctrl-C with no question open: whatever command is running should stop.
        var interrupted: @Sendable () -> Void
        /// SIGTERM or SIGHUP arrived: the shell should end, with 128 + the signal's number.
        var hungUp: @Sendable (_ signal: Int32) -> Void
        var complete: @Sendable (_ lineBeforeCursor: String) -> Completer.Result
        var shouldRecordInHistory: @Sendable (String) -> Bool
        /// Ctrl-X D: the typed line is to be kept as the open room's draft.
        var saveDraft: @Sendable (String) -> Void
        /// The input line changed (typed, cleared, sent); never for a question's answer.
        var lineChanged: @Sendable (String) -> Void
    }

    private struct Queue {
        var requests: [Request] = []
        /// Set when the readline thread has ended: questions are then answered with `nil` at once.
        var isClosed = false
        var stopWaiter: CheckedContinuation<Void, Never>?
    }

    private let queue = Mutex(Queue())
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let history: HistoryFile?
    private let hooks: Hooks
    private let initialPrompt: String
    private let startsForScreenReader: Bool
    private let typedAhead: [UInt8]

    /// `typedAhead`: keys read from the terminal before the editor started (by the terminal
    /// probe), read before the terminal's own.
    init(prompt: String, screenReader: Bool, typedAhead: [UInt8] = [], history: HistoryFile?, hooks: Hooks) {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0, "cannot create the line editor's wake-up pipe")
        wakeRead = fds[0]
        wakeWrite = fds[1]
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(wakeRead, F_SETFL, fcntl(wakeRead, F_GETFL) | O_NONBLOCK)
        self.history = history
        self.hooks = hooks
        initialPrompt = prompt
        startsForScreenReader = screenReader
        self.typedAhead = typedAhead
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// Starts the readline thread. Signals arrive as requests too, so readline is only ever
    /// touched from its own thread.
    func start() {
        let handled: [(Int32, Request)] = [
            (SIGINT, .interrupt), (SIGWINCH, .resize), (SIGTSTP, .suspend),
            (SIGTERM, .hangUp(signal: SIGTERM)), (SIGHUP, .hangUp(signal: SIGHUP)),
        ]
        // A queue of their own: on Linux the global queue's threads are Swift's task pool, and
        // tasks that keep them busy would hold back a SIGTERM.
        let signals = DispatchQueue(label: "element-shell.signals")
        let sources = handled.map { signalNumber, request in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: signals)
            source.setEventHandler { [self] in send(request) }
            source.resume()
            return SignalSource(source: source, signalNumber: signalNumber)
        }
        let thread = Thread { [self] in
            run()
            for source in sources { source.restore() }
        }
        thread.name = "readline"
        thread.start()
    }

    func send(_ request: Request) {
        let accepted = queue.withLock { queue in
            guard !queue.isClosed else { return false }
            queue.requests.append(request)
            return true
        }
        guard accepted else {
            if case .question(_, _, let reply) = request { reply(nil) }
            return
        }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Asks a question and waits for the answer; `nil` when the user pressed Ctrl-C or Ctrl-D, or
    /// the terminal is gone.
    func ask(_ prompt: String, hidden: Bool) async -> String? {
        await withCheckedContinuation { continuation in
            send(.question(prompt: prompt, hidden: hidden) { continuation.resume(returning: $0) })
        }
    }

    /// Stops the readline thread and waits until it has given the terminal back.
    func stop() async {
        send(.stop)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = queue.withLock { queue in
                if !queue.isClosed { queue.stopWaiter = continuation }
                return queue.isClosed
            }
            if finished { continuation.resume() }
        }
    }

    // MARK: - The readline thread

    private func run() {
        ReadlineBridge.install(editor: self, prompt: initialPrompt, teletype: startsForScreenReader, typedAhead: typedAhead)
        history?.load()
        var input = InputState()
        var inputEnded = false
        while true {
            let listensToInput = !inputEnded && (input.isRead || ReadlineBridge.isAsking)
            // Keys typed ahead are input that is already there: the poll only looks for requests.
            let typedAheadWaits = listensToInput && ReadlineBridge.hasTypedAhead
            var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: listensToInput ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 2, typedAheadWaits ? 0 : -1) >= 0 || errno == EINTR else { break }
            if descriptors[0].revents != 0 {
                guard drainRequests(input: &input) else { break }
            }
            let events = descriptors[1].revents
            if events & Int16(POLLIN) != 0 || (typedAheadWaits && ReadlineBridge.hasTypedAhead) {
                readInput()
            } else if events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                // The terminal is gone: no more keys will come.
                inputEnded = true
                ReadlineBridge.endInput()
                hooks.line(nil)
            }
            if ReadlineBridge.takeFinishedLine() != nil { input.isRead = false }
        }
        ReadlineBridge.uninstall()
        let (pending, waiter) = queue.withLock { queue in
            queue.isClosed = true
            defer { queue.requests.removeAll(); queue.stopWaiter = nil }
            return (queue.requests, queue.stopWaiter)
        }
        for case .question(_, _, let reply) in pending { reply(nil) }
        waiter?.resume()
    }

    /// Keys go to the password question when one is open, else to readline.
    private func readInput() {
        guard ReadlineBridge.readsSecret else {
            rl_callback_read_char()
            ReadlineBridge.afterInput()
            ReadlineBridge.reportLineChange()
            return
        }
        if let key = ReadlineBridge.takeTypedAhead() {
            ReadlineBridge.feedSecret([key])
            return
        }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count > 0 { ReadlineBridge.feedSecret(buffer[..<count]) }
    }

    /// Whether keys are read, and the prompt that waits for that.
    private struct InputState {
        var isRead = true
        /// A prompt that came while a finished line ran: the keys typed since may yet be thrown
        /// away (after a login), so a prompt that invites typing shows only once input resumes.
        var heldPrompt: String?
    }

    /// Runs queued requests in order; false once the thread should end.
    private func drainRequests(input: inout InputState) -> Bool {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &sink, sink.count) > 0 {}
        let batch = queue.withLock { queue in defer { queue.requests.removeAll() }; return queue.requests }
        for (index, request) in batch.enumerated() {
            switch request {
            case .print(let lines): ReadlineBridge.printAbove(lines)
            case .picture(let lines, let sequence, let rows): ReadlineBridge.printPicture(above: lines, sequence: sequence, rows: rows)
            case .prompt(let prompt):
                if input.isRead { ReadlineBridge.setPrompt(prompt) } else { input.heldPrompt = prompt }
            case .question(let prompt, let hidden, let reply): ReadlineBridge.ask(prompt: prompt, hidden: hidden, reply: reply)
            case .resumeInput(let discardingTypeahead):
                if discardingTypeahead {
                    tcflush(STDIN_FILENO, TCIFLUSH)
                    ReadlineBridge.discardTypedAhead()
                }
                if let prompt = input.heldPrompt { ReadlineBridge.setPrompt(prompt) }
                ReadlineBridge.resume()
                input = InputState()
            case .historyLimit(let limit): history?.setLimit(limit)
            case .screenReader(let isOn): ReadlineBridge.useTeletype(isOn)
            case .startupFinished: ReadlineBridge.finishStartup()
            case .ring: rl_ding()
            case .setLine(let text): ReadlineBridge.setLine(text)
            case .interrupt: if !ReadlineBridge.interrupt() { hooks.interrupted() }
            case .resize: rl_resize_terminal()
            case .suspend: ReadlineBridge.suspend()
            case .stop, .hangUp:
                if case .hangUp(let signal) = request {
                    hooks.hungUp(signal)
                    hooks.interrupted()
                    hooks.line(nil)
                }
                // Questions queued behind the end get their answer too, or their askers would wait forever.
                for case .question(_, _, let reply) in batch[(index + 1)...] { reply(nil) }
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

    func saveDraft(_ text: String) {
        hooks.saveDraft(text)
    }

    func lineChanged(_ text: String) {
        hooks.lineChanged(text)
    }

    func complete(_ lineBeforeCursor: String) -> Completer.Result {
        hooks.complete(lineBeforeCursor)
    }
}

/// A signal the line editor handles, and how to give it back to the system when the editor ends.
private struct SignalSource: @unchecked Sendable {
    // DispatchSource is thread-safe; it is only kept to be cancelled at the end.
    let source: any DispatchSourceSignal
    let signalNumber: Int32

    func restore() {
        source.cancel()
        signal(signalNumber, SIG_DFL)
    }
}
