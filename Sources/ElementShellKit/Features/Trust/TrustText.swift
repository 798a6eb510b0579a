import MatrixClient

/// The lines of what `/recovery` and `/backup` produced.
public struct TrustText {
    let theme: Theme
    var width: Int?

    /// A new recovery key between what to do with it: the key on a line of its own, so it is never
    /// broken, and each sentence whole, wrapped at words to the terminal's width.
    public static func recoveryKeyLines(_ key: String, theme: Theme, width: Int?) -> [String] {
        TextLayout.wrap(L10n.screenRecoveryKeyIntro, width: width) + [theme.bold(TerminalSanitizer.clean(key))] + TextLayout.wrap(L10n.screenRecoveryKeyWarning, width: width)
    }

    func lines(for outcome: TrustOutcome) -> [String] {
        switch outcome {
        case .recoveryStatus(let status): recoveryLines(status) + backupLines(status)
        case .backupStatus(let status): backupLines(status)
        case .recovered(let version, let restored):
            [theme.accent(L10n.screenRecoveryDeviceVerified)] + (restored.map(restoreLines) ?? (version == nil ? [L10n.screenRecoveryNoBackup] : []))
        case .recoverySetUp(let key, let version, let alreadyShown):
            (alreadyShown ? [] : Self.recoveryKeyLines(key, theme: theme, width: width))
                + [theme.accent(L10n.screenRecoverySetUp(TerminalSanitizer.clean(version)))]
        case .backupRestored(let restore): restoreLines(restore)
        case .backupTurnedOn(let activation):
            [theme.accent(activation.isNew ? L10n.screenBackupOnNew(TerminalSanitizer.clean(activation.version))
                : L10n.screenBackupOnExisting(TerminalSanitizer.clean(activation.version)))]
                + (activation.isNew && !activation.isInSecretStorage ? [theme.warning(L10n.screenBackupOnNotInSecretStorage)] : [])
        case .backupTurnedOff(let version):
            [version.map { L10n.screenBackupOffDeleted(TerminalSanitizer.clean($0)) } ?? L10n.screenBackupOff]
        case .identity(let summary): identityLines(summary)
        case .identityAccepted(let summary, let before, let released): acceptedLines(summary, before: before, released: released)
        }
    }

    private func acceptedLines(_ summary: IdentityView, before: IdentitySummary.State, released: Int) -> [String] {
        let user = TerminalSanitizer.clean(summary.userID)
        var lines = switch before {
        case .changed: [theme.accent(L10n.screenWhoisWithdrawn(user))]
        case .reset: [theme.accent(L10n.screenWhoisResetAccepted(user))]
        case .none, .notVerified, .verified: [L10n.screenWhoisNothingToWithdraw(user)]
        }
        if released > 0 { lines.append(L10n.screenWhoisHeldMessagesReleased(released)) }
        return lines
    }

    private func identityLines(_ summary: IdentityView) -> [String] {
        let user = TerminalSanitizer.clean(summary.userID)
        let state = switch summary.state {
        case .none: L10n.screenWhoisNoIdentity(user)
        case .notVerified: L10n.screenWhoisNotVerified(user)
        case .verified: theme.accent(L10n.screenWhoisVerified(user))
        case .changed: theme.warning(L10n.screenWhoisChanged(user))
        case .reset: theme.warning(L10n.screenWhoisReset(user))
        }
        // The hint says it, and why it matters.
        var lines = summary.crossSigningGaps.otherUserID == nil ? [state] : []
        if let master = summary.masterKey { lines.append(L10n.screenWhoisMasterKey(TerminalSanitizer.clean(Fingerprint(master).grouped))) }
        lines += CrossSigningHintText(theme: theme, width: width).lines(for: summary.crossSigningGaps)
        for device in summary.devices {
            let mark = device.isVerified ? theme.accent(L10n.screenDevicesVerified) : theme.dim(L10n.screenDevicesUnverified)
            lines.append("  " + [TerminalSanitizer.clean(device.deviceID), device.displayName?.shown ?? "",
                                 TerminalSanitizer.clean(device.fingerprint.grouped), mark].filter { !$0.isEmpty }.joined(separator: "  "))
        }
        return lines
    }

    private func recoveryLines(_ status: RecoveryStatus) -> [String] {
        guard status.hasCrossSigning else { return [L10n.screenRecoveryNotSetUp] }
        return [
            status.isDeviceVerified ? theme.accent(L10n.screenRecoveryDeviceVerified) : theme.warning(L10n.screenRecoveryDeviceNotVerified),
            status.hasSecretStorage ? L10n.screenRecoverySecretStorage : L10n.screenRecoveryNoSecretStorage,
        ]
    }

    private func backupLines(_ status: RecoveryStatus) -> [String] {
        let preference = status.backupPreference == .off ? [theme.warning(L10n.screenBackupPreferenceOff)] : []
        guard let version = status.backupVersion else { return [L10n.screenBackupNone] + preference }
        var lines = [L10n.screenBackupVersion(TerminalSanitizer.clean(version), status.backupKeyCount ?? 0)]
        lines.append(status.isBackingUp ? L10n.screenBackupUploading(status.backedUpKeyCount, status.roomKeyCount) : L10n.screenBackupNotUsed)
        return lines + preference
    }

    private func restoreLines(_ restore: BackupRestore) -> [String] {
        var lines = [L10n.screenBackupRestored(restore.sessionIDs.count, restore.total)]
        if restore.unreadable > 0 { lines.append(theme.warning(L10n.screenBackupUnreadable(restore.unreadable))) }
        return lines
    }
}
