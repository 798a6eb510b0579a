import Foundation

/// How sync stands, in the prompt's words; nothing when it is live or not running.
public enum SyncStatusText {
    public static func prompt(for status: SyncStatus, now: Date) -> String? {
        switch status {
        case .stopped, .live:
            return nil
        case .catchingUp(let since):
            // Seconds only once it is slow, so a quick sync does not flicker a number.
            let seconds = Int(now.timeIntervalSince(since))
            return seconds < 3 ? L10n.screenPromptSyncing : L10n.screenPromptSyncingFor(seconds)
        case .offline(let retryAt):
            return L10n.screenPromptOffline(seconds(until: retryAt, from: now))
        case .failing(let retryAt):
            return L10n.screenPromptSyncFailing(seconds(until: retryAt, from: now))
        }
    }

    private static func seconds(until retryAt: Date, from now: Date) -> Int {
        max(0, Int(retryAt.timeIntervalSince(now).rounded(.up)))
    }
}
