import Foundation

/// How sync stands, in the prompt's words; nothing when it is live or not running.
public enum SyncStatusText {
    public static func prompt(for status: SyncStatus, now: Date) -> String? {
        switch status {
        case .stopped, .live: nil
        case .catchingUp: L10n.screenPromptSyncing
        case .offline(let retryAt): L10n.screenPromptOffline(max(0, Int(retryAt.timeIntervalSince(now).rounded(.up))))
        }
    }
}
