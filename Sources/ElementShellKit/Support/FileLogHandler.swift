import Foundation
import Logging
import MatrixClient
import Synchronization

/// Log lines go to a file in the profile's data directory (mode 0600 through the process umask),
/// never to the terminal, where they would break the prompt. Callers log Matrix IDs and shapes of
/// things, never secrets or message bodies.
public struct FileLogHandler: LogHandler {
    private static let threshold = Mutex(Logger.Level.info)
    private static let file = Mutex<FileHandle?>(nil)
    /// The log's name in the data directory, which a problem report reads too.
    public static let fileName = "element-shell.log"

    /// The level below which lines are dropped; `/set log_level` changes it while running.
    public static var level: LogLevel {
        get { LogLevel(rawValue: threshold.withLock { $0 }.rawValue) ?? .info }
        set { threshold.withLock { $0 = newValue.loggerLevel } }
    }

    public var metadata: Logger.Metadata = [:]
    private let label: String

    public var logLevel: Logger.Level {
        get { Self.threshold.withLock { $0 } }
        set { Self.threshold.withLock { $0 = newValue } }
    }

    /// Points every logger of the process at `path`. Without a writable file, logs are dropped.
    public static func bootstrap(path: String, level: LogLevel) {
        self.level = level
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        let handle = FileHandle(forWritingAtPath: path)
        _ = try? handle?.seekToEnd()
        file.withLock { $0 = handle }
        LoggingSystem.bootstrap { FileLogHandler(label: $0) }
    }

    init(label: String) {
        self.label = label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let fields = metadata.merging(event.metadata ?? [:]) { $1 }
        let suffix = fields.isEmpty ? "" : " " + fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let line = "\(SystemClock().date.ISO8601Format()) \(event.level) \(label): \(event.message)\(suffix)\n"
        Self.file.withLock { try? $0?.write(contentsOf: Data(line.utf8)) }
    }
}
