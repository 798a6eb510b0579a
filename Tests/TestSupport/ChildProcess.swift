import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Another program, started with `posix_spawn`, for tests to run: the part of `Process` they use.
///
/// Not `Foundation.Process`: on Linux its `run()` lists `/proc/self/fd` to close what the child
/// should not inherit and copies 256 bytes out of each directory entry however short the entry
/// is; when the last entry ends within 256 bytes of the end of the mapped memory, that read
/// crashes the whole test process (swift-corelibs-foundation#5472). The test runner holds more
/// than a thousand descriptors at times, enough to fill the directory buffer and meet that edge:
/// a run under load crashed so. Here the child closes everything above its standard streams
/// itself (`posix_spawn_file_actions_addclosefrom_np`).
public final class ChildProcess: Sendable {
    public enum TerminationReason: Sendable {
        case exit
        case uncaughtSignal
    }

    private struct Setup {
        var executableURL: URL?
        var arguments: [String] = []
        var environment: [String: String]?
        var currentDirectoryURL: URL?
        var standardInput: (any Sendable)?
        var standardOutput: (any Sendable)?
        var standardError: (any Sendable)?
    }

    private struct Status {
        var processIdentifier: pid_t = 0
        var exit: (status: Int32, reason: TerminationReason)?
    }

    private let setup = Mutex(Setup())
    private let status = Mutex(Status())

    public init() {}

    public var executableURL: URL? {
        get { setup.withLock { $0.executableURL } }
        set { setup.withLock { $0.executableURL = newValue } }
    }

    public var arguments: [String] {
        get { setup.withLock { $0.arguments } }
        set { setup.withLock { $0.arguments = newValue } }
    }

    /// The child's environment; this process's when `nil`.
    public var environment: [String: String]? {
        get { setup.withLock { $0.environment } }
        set { setup.withLock { $0.environment = newValue } }
    }

    public var currentDirectoryURL: URL? {
        get { setup.withLock { $0.currentDirectoryURL } }
        set { setup.withLock { $0.currentDirectoryURL = newValue } }
    }

    /// A `Pipe` (the child reads its reading end) or a `FileHandle`; this process's when unset.
    public var standardInput: (any Sendable)? {
        get { setup.withLock { $0.standardInput } }
        set { setup.withLock { $0.standardInput = newValue } }
    }

    /// A `Pipe` (the child writes its writing end) or a `FileHandle`; this process's when unset.
    public var standardOutput: (any Sendable)? {
        get { setup.withLock { $0.standardOutput } }
        set { setup.withLock { $0.standardOutput = newValue } }
    }

    public var standardError: (any Sendable)? {
        get { setup.withLock { $0.standardError } }
        set { setup.withLock { $0.standardError = newValue } }
    }

    public var processIdentifier: Int32 { status.withLock { $0.processIdentifier } }

    /// Starts the child. The ends of pipes it was given are closed here, as `Process` does, so
    /// a reader sees the end of the output once the child has gone.
    public func run() throws {
        let setup = setup.withLock { $0 }
        guard let executable = setup.executableURL else { throw Failure.noExecutable }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let streams = [Stream(setup.standardInput, childReads: true), Stream(setup.standardOutput, childReads: false),
                       Stream(setup.standardError, childReads: false)]
        for (target, stream) in zip([STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO], streams) {
            if let descriptor = stream.childDescriptor { posix_spawn_file_actions_adddup2(&actions, descriptor, target) }
        }
        guard SpawnActions.closeFrom(&actions, 3) == 0 else { throw Failure.spawn(executable.path, errno: errno) }
        if let directory = setup.currentDirectoryURL {
            guard SpawnActions.changeDirectory(&actions, directory.path) == 0 else { throw Failure.spawn(executable.path, errno: errno) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own, as `Process` gives it: a signal to the tests' group does not reach it.
        // No signal blocked: the runner's threads block most of them, and a child that inherited
        // that mask would never see `terminate()`'s SIGTERM (Xvfb and xterm outlived their tests).
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        let environment = (setup.environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let arguments = [executable.path] + setup.arguments
        var pid: pid_t = 0
        let result = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in
                posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
            }
        }
        guard result == 0 else { throw Failure.spawn(executable.path, errno: result) }
        status.withLock { $0.processIdentifier = pid }
        for stream in streams { stream.closeParentsCopy() }
    }

    /// Blocks until the child has ended; call it off the test runner's threads.
    public func waitUntilExit() {
        let pid = processIdentifier
        while status.withLock({ $0.exit == nil }) {
            // Waits without reaping, so `isRunning` on another thread can reap without a race.
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1, errno != EINTR { break }
            _ = reap(pid, blocking: false)
        }
    }

    public var isRunning: Bool {
        let pid = processIdentifier
        guard pid > 0 else { return false }
        return !reap(pid, blocking: false)
    }

    public var terminationStatus: Int32 { status.withLock { $0.exit?.status ?? 0 } }
    public var terminationReason: TerminationReason { status.withLock { $0.exit?.reason ?? .exit } }

    public func interrupt() { kill(processIdentifier, SIGINT) }
    public func terminate() { kill(processIdentifier, SIGTERM) }

    /// True once the child's end is known, reaping it if it has just ended.
    private func reap(_ pid: pid_t, blocking: Bool) -> Bool {
        status.withLock { status in
            if status.exit != nil { return true }
            var raw: Int32 = 0
            guard waitpid(pid, &raw, blocking ? 0 : WNOHANG) == pid else { return false }
            // The macros of <sys/wait.h>, which Swift does not import.
            let signal = raw & 0x7f
            status.exit = signal == 0 ? ((raw >> 8) & 0xff, .exit) : (signal, .uncaughtSignal)
            return true
        }
    }

    public enum Failure: Error {
        case noExecutable
        case spawn(String, errno: Int32)
    }

    /// One of the child's standard streams.
    private enum Stream {
        case inherited
        case descriptor(Int32)
        /// The pipe end the child uses; it is closed here after the spawn.
        case pipe(child: FileHandle)

        init(_ value: (any Sendable)?, childReads: Bool) {
            switch value {
            case let pipe as Pipe:
                self = .pipe(child: childReads ? pipe.fileHandleForReading : pipe.fileHandleForWriting)
            case let handle as FileHandle:
                self = .descriptor(handle.fileDescriptor)
            default:
                self = .inherited
            }
        }

        var childDescriptor: Int32? {
            switch self {
            case .inherited: nil
            case .descriptor(let descriptor): descriptor
            case .pipe(let child): child.fileDescriptor
            }
        }

        func closeParentsCopy() {
            if case .pipe(let child) = self { try? child.close() }
        }
    }
}

extension ChildProcess {
    /// Runs the process to its end with nothing on its input; returns its status and what it
    /// printed, output and errors together. Blocks: call it off the test runner's threads.
    public func runCapturingOutput() throws -> (status: Int32, output: String) {
        let output = Pipe()
        standardOutput = output
        standardError = output
        standardInput = FileHandle.nullDevice
        try run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        waitUntilExit()
        return (terminationStatus, text)
    }
}

/// glibc's `posix_spawn` file actions that its headers declare only for `_GNU_SOURCE`, which the
/// Swift overlay does not define (glibc 2.34 and 2.29 have them).
private enum SpawnActions {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    static let closeFrom = unsafeBitCast(symbol("posix_spawn_file_actions_addclosefrom_np"), to: CloseFrom.self)
    static let changeDirectory = unsafeBitCast(symbol("posix_spawn_file_actions_addchdir_np"), to: ChangeDirectory.self)

    private static func symbol(_ name: String) -> UnsafeMutableRawPointer {
        guard let address = dlsym(nil, name) else { fatalError("glibc lacks \(name)") }
        return address
    }
}

/// `strings` as a NULL-terminated array of C strings, for `body` alone.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
