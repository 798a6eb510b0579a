import Foundation

/// Where the sync loop stands, for the prompt and for scripts.
public enum SyncStatus: Sendable, Equatable {
    case stopped
    /// The first response after login or start is on its way.
    case catchingUp
    case live
    /// The last request failed; the next try is at that time.
    case offline(retryAt: Date)
}
