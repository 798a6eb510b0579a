import Logging

/// How much the shell logs; the same levels as swift-log, spelled as the config file writes them.
public enum LogLevel: String, Sendable, CaseIterable {
    case trace, debug, info, notice, warning, error, critical

    /// The swift-log level to hand to a `Logger`.
    public var loggerLevel: Logger.Level {
        switch self {
        case .trace: .trace
        case .debug: .debug
        case .info: .info
        case .notice: .notice
        case .warning: .warning
        case .error: .error
        case .critical: .critical
        }
    }
}
