import Logging
import Synchronization

/// Keeps every line logged through it, for tests of what a log line names and what it leaves out.
struct RecordingLogHandler: LogHandler {
    struct Line: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: Logger.Metadata
    }

    /// The lines, shared by the copies a `Logger` makes of its handler.
    final class Lines: Sendable {
        private let recorded = Mutex<[Line]>([])
        var all: [Line] { recorded.withLock { $0 } }
        func append(_ line: Line) { recorded.withLock { $0.append(line) } }
    }

    let lines = Lines()
    /// Told of each line as it is logged, for a test that waits for one.
    var onLog: (@Sendable (Line) -> Void)?
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    /// A logger whose lines end up in `lines`.
    var logger: Logger { Logger(label: "test") { _ in self } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let line = Line(level: event.level, message: "\(event.message)", metadata: metadata.merging(event.metadata ?? [:]) { $1 })
        lines.append(line)
        onLog?(line)
    }
}
