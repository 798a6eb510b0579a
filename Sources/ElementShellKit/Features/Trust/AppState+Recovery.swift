import Foundation
import MatrixClient
import MatrixCrypto
import MatrixJSON
import Synchronization

/// `/recovery` and `/backup`: the account's trusted identity, through the session's crypto machine.
extension AppState {
    func send(_ action: TrustAction, in context: CommandContext) async -> Bool {
        guard let crypto = state.crypto else { return finish(.failure(.matrix(.encryptionRefused(.unavailable)))) }
        do throws(ShellError) {
            switch action {
            case .recoveryStatus: return finish(.trust(.recoveryStatus(try await recovering { () throws(RecoveryError) in try await crypto.recoveryStatus() })))
            case .backupStatus: return finish(.trust(.backupStatus(try await recovering { () throws(RecoveryError) in try await crypto.recoveryStatus() })))
            case .recover(let key): return try await recover(with: key, on: crypto)
            case .setUp(let confirmed): return try await setUpRecovery(confirmed: confirmed, for: context.signedIn.session, on: crypto)
            case .reset(let confirmed): return try await resetIdentity(confirmed: confirmed, for: context.signedIn.session, on: crypto)
            case .restoreBackup: return finish(.trust(.backupRestored(try await restoreBackup(from: crypto))))
            case .turnBackupOn(let typedKey):
                let key: SecretStorageKey?
                do {
                    key = try typedKey.map { try SecretStorageKey(recoveryKey: $0) }
                } catch {
                    throw .recovery(.malformedKey)
                }
                let activation = try await recovering { () throws(RecoveryError) in try await crypto.turnBackupOn(secretStorageKey: key) }
                await crypto.backUpRoomKeys()
                return finish(.trust(.backupTurnedOn(activation)))
            case .turnBackupOff(let confirmed):
                if !confirmed { try await askFirst(.turnBackupOff(userID: context.signedIn.session.userID), command: CommandName.backup.rawValue + " off") }
                return finish(.trust(.backupTurnedOff(deletedVersion: try await recovering { () throws(RecoveryError) in try await crypto.turnBackupOff() })))
            case .whois(let user):
                let userID = try userID(for: user)
                return finish(.trust(.identity(IdentityView(try await recovering { () throws(RecoveryError) in try await crypto.identitySummary(of: userID) }))))
            case .verifyIdentity(let user, let fingerprint):
                let userID = try userID(for: user)
                let summary = try await recovering { () throws(RecoveryError) in try await crypto.verifyIdentity(of: userID, fingerprint: fingerprint) }
                await loadDeviceTrust()
                _ = await releaseHeldMessages()
                return finish(.trust(.identity(IdentityView(summary))))
            case .waitForSecrets(let timeout):
                return await waitForSecrets(timeout: timeout, in: context)
            case .withdrawVerification(let user):
                let userID = try userID(for: user)
                let (before, after) = try await recovering { () throws(RecoveryError) in try await crypto.acceptIdentity(of: userID) }
                await loadDeviceTrust()
                let released = await releaseHeldMessages()
                return finish(.trust(.identityAccepted(IdentityView(after), before: before, releasedMessages: released)))
            }
        } catch {
            return finish(.failure(error))
        }
    }

    /// Unlocks secret storage with a typed recovery key, or a passphrase asked without echo, then
    /// restores the backup when its key came with it.
    private func recover(with typedKey: String?, on crypto: CryptoMachine) async throws(ShellError) -> Bool {
        let outcome: RecoveryOutcome
        if let typedKey {
            guard let key = try? SecretStorageKey(recoveryKey: typedKey) else { throw .recovery(.malformedKey) }
            outcome = try await recovering { () throws(RecoveryError) in try await crypto.recover(with: key) }
        } else {
            let passphrase = try await askPassphrase(.recovery)
            outcome = try await recovering { () throws(RecoveryError) in try await crypto.recover(passphrase: passphrase) }
        }
        // The device is verified now: messages and devices shown from here on say so; the
        // secrets another device was asked for are no longer awaited.
        await loadDeviceTrust()
        let awaitsSecrets = await crypto.awaitsSecrets
        commit { $0.awaitsSecrets = awaitsSecrets }
        let restored = outcome.canRestore ? try await restoreBackup(from: crypto) : nil
        return finish(.trust(.recovered(backupVersion: outcome.backupVersion, restored: restored)))
    }

    /// Restores every room key of the backup, with a progress line for large ones, and shows the
    /// stored messages they make readable the way a sync would.
    private func restoreBackup(from crypto: CryptoMachine) async throws(ShellError) -> BackupRestore {
        let throttle = Mutex(ProgressThrottle(minimumBytes: 0, minimumInterval: progressInterval))
        let restore = try await recovering { () throws(RecoveryError) in
            try await crypto.restoreBackup { [clock = environment.clock] done, total in
                guard throttle.withLock({ $0.shouldReport(TransferProgress(done: Int64(done), total: Int64(total)), at: clock.now) }) else { return }
                Task { @MainActor [weak self] in self?.report(Report(content: .restoreProgress(done: done, total: total), location: nil)) }
            }
        }
        if !restore.sessionIDs.isEmpty, let late = await crypto.retryUndecrypted(sessionIDs: restore.sessionIDs) {
            await apply(.decrypted(late))
        }
        return restore
    }

    /// Creates the identity, secret storage and backup. The recovery key is made first and shown
    /// in the question whether it was saved; nothing is published before the answer is yes.
    private func setUpRecovery(confirmed: Bool, for session: Session, on crypto: CryptoMachine) async throws(ShellError) -> Bool {
        let recoveryKey = try await recovering { () throws(RecoveryError) in try await crypto.beginRecoverySetup() }
        if !confirmed {
            switch await environment.confirm(.recoveryKeySaved(recoveryKey: recoveryKey)) {
            case true?: break
            case false?:
                await crypto.cancelRecoverySetup()
                throw .cancelled
            case nil:
                await crypto.cancelRecoverySetup()
                throw .confirmationRequired(command: CommandName.recovery.rawValue + " setup")
            }
        }
        let version = try await finishSetup(for: session, on: crypto)
        return finish(.trust(.recoverySetUp(recoveryKey: recoveryKey, backupVersion: version, alreadyShown: !confirmed)))
    }

    /// Asks before something that cannot be undone: goes on at yes; no cancels; where nobody can
    /// be asked (a script), `command!` is what does it.
    private func askFirst(_ question: ConfirmationQuestion, command: String) async throws(ShellError) {
        switch await environment.confirm(question) {
        case true?: return
        case false?: throw .cancelled
        case nil: throw .confirmationRequired(command: command)
        }
    }

    /// Replaces the account's identity, secret storage and backup, once the user said yes. The
    /// old backup's keys are restored first when this device can read it, so the new backup
    /// holds them too; the server asks for the password.
    private func resetIdentity(confirmed: Bool, for session: Session, on crypto: CryptoMachine) async throws(ShellError) -> Bool {
        if !confirmed { try await askFirst(.resetIdentity(userID: session.userID), command: CommandName.recovery.rawValue + " reset") }
        _ = try? await restoreBackup(from: crypto)
        let recoveryKey = try await recovering { () throws(RecoveryError) in try await crypto.beginRecoverySetup(replacing: true) }
        let version = try await finishSetup(for: session, on: crypto)
        return finish(.trust(.recoverySetUp(recoveryKey: recoveryKey, backupVersion: version, alreadyShown: false)))
    }

    /// Publishes the pending setup, answering the server's authentication with the password,
    /// and starts the backup with every key this device holds (later ones follow each sync).
    private func finishSetup(for session: Session, on crypto: CryptoMachine) async throws(ShellError) -> String {
        let password = environment.password
        let request = PasswordRequest(user: session.userID, homeserver: session.homeserverURL.absoluteString)
        let version = try await recovering { () throws(RecoveryError) in
            try await crypto.finishRecoverySetup { challenge in
                guard challenge.acceptsPassword, case .password(let typed) = await password(request) else { return nil }
                return challenge.passwordAuthentication(userID: session.userID, password: typed)
            }
        }
        await loadDeviceTrust()
        await crypto.backUpRoomKeys()
        return version
    }

    /// The Matrix ID of a member named as typed, or the ID itself.
    private func userID(for user: String) throws(ShellError) -> String {
        guard let userID = MemberLookup.userID(for: user, among: state.memberNames) else { throw .unknownUser(user) }
        return userID
    }

    /// Runs a recovery step, its failure a `ShellError`.
    private func recovering<Value>(_ step: () async throws(RecoveryError) -> Value) async throws(ShellError) -> Value {
        do throws(RecoveryError) {
            return try await step()
        } catch {
            throw .recovery(error)
        }
    }
}
