import Foundation

/// Where the sync loop stands, for the prompt and for scripts.
public enum SyncStatus: Sendable, Equatable {
    case stopped
    /// The first response after login, start or a reconnect is on its way, asked for at that time.
    case catchingUp(since: Date)
    case live
    /// The last request did not reach the server or its answer was cut off; the next try is at that time.
    case offline(retryAt: Date)
    /// The server answered, but with an error or a body that cannot be read: the network is
    /// fine, so "offline" would send the user looking in the wrong place. The next try is at that time.
    case failing(retryAt: Date)
}

extension SyncStatus {
    /// Whether sync waits to try again after a failure.
    var isRetrying: Bool {
        switch self {
        case .offline, .failing: true
        case .stopped, .catchingUp, .live: false
        }
    }
}
