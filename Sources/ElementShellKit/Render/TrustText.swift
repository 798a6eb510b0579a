/// The lines of what `/recovery` and `/backup` produced.
struct TrustText {
    let theme: Theme

    func lines(for outcome: TrustOutcome) -> [String] {
        switch outcome {
        case .recoveryStatus(let status): recoveryLines(status) + backupLines(status)
        case .backupStatus(let status): backupLines(status)
        case .recovered(let version, let restored):
            [theme.accent(L10n.screenRecoveryDeviceVerified)] + (restored.map(restoreLines) ?? (version == nil ? [L10n.screenRecoveryNoBackup] : []))
        case .recoverySetUp(let key, let version, let alreadyShown):
            (alreadyShown ? [] : [L10n.screenRecoveryKeyIntro, theme.bold(key), L10n.screenRecoveryKeyWarning])
                + [theme.accent(L10n.screenRecoverySetUp(version))]
        case .backupRestored(let restore): restoreLines(restore)
        }
    }

    private func recoveryLines(_ status: RecoveryStatus) -> [String] {
        guard status.hasCrossSigning else { return [L10n.screenRecoveryNotSetUp] }
        return [
            status.isDeviceVerified ? theme.accent(L10n.screenRecoveryDeviceVerified) : theme.warning(L10n.screenRecoveryDeviceNotVerified),
            status.hasSecretStorage ? L10n.screenRecoverySecretStorage : L10n.screenRecoveryNoSecretStorage,
        ]
    }

    private func backupLines(_ status: RecoveryStatus) -> [String] {
        guard let version = status.backupVersion else { return [L10n.screenBackupNone] }
        var lines = [L10n.screenBackupVersion(version, status.backupKeyCount ?? 0)]
        lines.append(status.isBackingUp ? L10n.screenBackupUploading(status.backedUpKeyCount, status.roomKeyCount) : L10n.screenBackupNotUsed)
        return lines
    }

    private func restoreLines(_ restore: BackupRestore) -> [String] {
        var lines = [L10n.screenBackupRestored(restore.sessionIDs.count, restore.total)]
        if restore.unreadable > 0 { lines.append(theme.warning(L10n.screenBackupUnreadable(restore.unreadable))) }
        return lines
    }
}
