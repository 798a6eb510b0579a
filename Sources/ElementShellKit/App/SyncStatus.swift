import Foundation

/// Where the sync loop stands, for the prompt and for scripts.
public enum SyncStatus: Sendable, Equatable {
    case stopped
    /// The first response after login, start or a reconnect is on its way, asked for at that time.
    case catchingUp(since: Date)
    case live
    /// The last request failed; the next try is at that time.
    case offline(retryAt: Date)
}
