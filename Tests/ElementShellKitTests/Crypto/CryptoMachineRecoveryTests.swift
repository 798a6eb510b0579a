import Foundation
import MatrixCrypto
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Recovery between crypto machines over `MemoryKeysServer`: one device sets up the identity,
/// secret storage and backup, another unlocks them with the recovery key; wrong keys, altered
/// secrets and keys that are not the published ones change nothing.
@Suite struct CryptoMachineRecoveryTests {
    let directory = TemporaryDirectory()
    let server = MemoryKeysServer()
    let alice = "@alice:hs"

    struct Device {
        let machine: CryptoMachine
        let store: StoreWriter
    }

    func device(_ userID: String, _ deviceID: String, restarting previous: Device? = nil) async throws -> Device {
        let store = try previous?.store ?? StoreWriter(url: directory.url.appending(path: "\(userID)-\(deviceID)/store.sqlite"))
        let machine = try await CryptoMachine(userID: userID, deviceID: deviceID, store: store,
                                              keys: server.service(userID: userID, deviceID: deviceID),
                                              trust: server.trustService(userID: userID), cipher: PickleCipher(key: Data(repeating: 7, count: 32)))
        try await machine.publishKeys(oneTimeKeyCounts: nil, unusedFallbackKeyTypes: nil)
        return Device(machine: machine, store: store)
    }

    /// Sets up recovery on a device, answering any authentication with a password.
    func setUp(_ device: Device) async throws -> String {
        let key = try await device.machine.beginRecoverySetup()
        _ = try await device.machine.finishRecoverySetup { $0.passwordAuthentication(userID: device.machine.userID, password: "pw") }
        return key
    }

    func recoveryError(_ body: () async throws(RecoveryError) -> Void) async -> RecoveryError? {
        do throws(RecoveryError) {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test func aSecondDeviceRecoversTheIdentityAndTheFirstDevicesRoomKeys() async throws {
        let first = try await device(alice, "A1")
        let recoveryKey = try await setUp(first)
        // A room key the first device made, which the backup then holds.
        _ = try await first.machine.encrypt(type: "m.room.message", content: ["body": "hi"], roomID: "!r:hs", settings: RoomEncryption())
        await first.machine.backUpRoomKeys()
        #expect(try await first.machine.recoveryStatus().isDeviceVerified)

        let second = try await device(alice, "A2")
        #expect(try await second.machine.recoveryStatus().isDeviceVerified == false)
        let outcome = try await second.machine.recover(with: SecretStorageKey(recoveryKey: recoveryKey))
        #expect(outcome.canRestore)
        let status = try await second.machine.recoveryStatus()
        #expect(status.isDeviceVerified && status.isBackingUp)
        let restore = try await second.machine.restoreBackup()
        #expect(restore.total == 1 && restore.sessionIDs.count == 1 && restore.unreadable == 0)

        // Each device now sees the other as cross-signed, after a restart too.
        await first.machine.refreshTrust()
        #expect(try await first.store.devices(of: [alice]).allSatisfy(\.isCrossSigned))
        let again = try await device(alice, "A2", restarting: second)
        #expect(try await again.machine.recoveryStatus().isDeviceVerified)
    }

    @Test func aMessageWhoseKeyIsInTheBackupIsReadAsSoonAsItArrives() async throws {
        let first = try await device(alice, "A1")
        let recoveryKey = try await setUp(first)
        let second = try await device(alice, "A2")
        _ = try await second.machine.recover(with: SecretStorageKey(recoveryKey: recoveryKey))
        // A room key the second device never receives over Olm (nobody else is in the room), backed up.
        let content = try await first.machine.encrypt(type: "m.room.message", content: ["msgtype": "m.text", "body": "from the backup"],
                                                      roomID: "!r:hs", settings: RoomEncryption())
        await first.machine.backUpRoomKeys()

        var response = SyncResponse(nextBatch: "s")
        let event = SyncEvent(type: "m.room.encrypted", eventID: "$1", sender: alice, originServerTS: 1, content: content)
        response.rooms.joined["!r:hs"] = SyncResponse.JoinedRoom(timeline: SyncResponse.Timeline(events: [event]))
        let (received, _) = await second.machine.receive(response)
        try await second.store.apply(received, userID: alice)
        let restored = await second.machine.requestMissingKeys()
        #expect(restored.count == 1)
        let late = await second.machine.retryUndecrypted(sessionIDs: restored)
        #expect(late?.changedMessages.map(\.body) == ["from the backup"])
        #expect(late?.changedMessages.first?.isKeyImported == true, "a key from the backup proves nothing about its sender")
    }

    /// `/backup` right after a sync counted the keys while that sync's upload was on its way,
    /// and told of a key not backed up that was.
    @Test func theBackupStatusCountsWhatAnUploadUnderWayTakes() async throws {
        let first = try await device(alice, "A1")
        _ = try await setUp(first)
        let hold = Hold()
        await hold.arm()
        await server.setBackupUploadHold(hold)
        _ = try await first.machine.encrypt(type: "m.room.message", content: ["body": "hi"], roomID: "!r:hs", settings: RoomEncryption())
        let upload = Task { await first.machine.backUpRoomKeys() }
        try await hold.reached()
        let status = Task { try await first.machine.recoveryStatus() }
        // Time for the status to count, were it not to wait for the upload.
        for _ in 0..<200 { await Task.yield() }
        await hold.release()
        let counted = try await status.value
        await upload.value
        #expect(counted.roomKeyCount == 1 && counted.backedUpKeyCount == 1, "\(counted)")
        #expect(await server.backedUpSessionCount(version: "1") == 1, "one upload, not two")
    }

    @Test func aRestoreCutShortIsFinishedByTheNextStart() async throws {
        let first = try await device(alice, "A1")
        let recoveryKey = try await setUp(first)
        _ = try await first.machine.encrypt(type: "m.room.message", content: ["body": "hi"], roomID: "!r:hs", settings: RoomEncryption())
        await first.machine.backUpRoomKeys()
        let second = try await device(alice, "A2")
        _ = try await second.machine.recover(with: SecretStorageKey(recoveryKey: recoveryKey))
        await server.setFailsBackupDownload(true)
        let error = await recoveryError { () throws(RecoveryError) in _ = try await second.machine.restoreBackup() }
        #expect(error != nil)
        #expect(try await second.store.keyBackup()?.isRestorePending == true)

        await server.setFailsBackupDownload(false)
        let restarted = try await device(alice, "A2", restarting: second)
        _ = await restarted.machine.finishInterruptedRestore()
        #expect(try await restarted.store.keyBackup()?.isRestorePending == false)
        #expect(try await restarted.store.roomKeyCounts().total == 1)
        #expect(await restarted.machine.finishInterruptedRestore() == nil, "nothing left to finish")
    }

    /// Secret storage as a client makes it whose users chose a passphrase: the key comes from it.
    @Test func aPassphraseUnlocksSecretStorageMadeWithOne() async throws {
        let passphrase = SecretStoragePassphrase(iterations: 1000)
        let key = try passphrase.key(fromPassphrase: "correct horse battery")
        let secrets = CrossSigningSecrets()
        let published = secrets.publicKeys(userID: alice)
        await server.setCrossSigningKeys(["master": published.master, "self_signing": published.selfSigning,
                                          "user_signing": published.userSigning], of: alice)
        await server.setAccountData(SecretStorageKeyDescription.describing(key, passphrase: passphrase).json,
                                    type: SecretStorageKeyDescription.eventType(keyID: "K"), of: alice)
        for (name, value) in ["m.cross_signing.master": secrets.masterSeed, "m.cross_signing.self_signing": secrets.selfSigningSeed,
                              "m.cross_signing.user_signing": secrets.userSigningSeed] {
            await server.setAccountData(["encrypted": ["K": EncryptedSecret.encrypting(value, named: name, with: key).json]], type: name, of: alice)
        }
        await server.setAccountData(SecretStorageDefaultKey(keyID: "K").json, type: SecretStorageDefaultKey.eventType, of: alice)

        let device = try await device(alice, "A1")
        let wrong = await recoveryError { () throws(RecoveryError) in _ = try await device.machine.recover(passphrase: "wrong horse") }
        #expect(wrong == .wrongKey)
        let outcome = try await device.machine.recover(passphrase: "correct horse battery")
        #expect(outcome.backupVersion == nil, "no backup was made")
        #expect(try await device.machine.recoveryStatus().isDeviceVerified)
    }

    /// A1 with the account's secrets, and a new A2; each compared the other's fingerprint, and
    /// the first also signed the second for everyone.
    private func twoVerifiedDevices() async throws -> (first: Device, second: Device) {
        let first = try await device(alice, "A1")
        _ = try await setUp(first)
        let second = try await device(alice, "A2")
        await first.machine.refreshTrust()
        await second.machine.refreshTrust()
        #expect(await first.machine.setVerified(true, userID: alice, deviceID: "A2"))
        #expect(await second.machine.setVerified(true, userID: alice, deviceID: "A1"))
        return (first, second)
    }

    @Test func devicesThatVerifiedEachOtherShareTheSecrets() async throws {
        let (first, second) = try await twoVerifiedDevices()
        await second.machine.refreshTrust()

        await second.machine.requestSecretsIfSigned()
        try await deliverToDevice(to: first, "A1")
        try await deliverToDevice(to: second, "A2")
        let status = try await second.machine.recoveryStatus()
        #expect(status.isDeviceVerified && status.isBackingUp)
        #expect(try await second.store.secrets().count == 4)
    }

    /// The run that asked ended before the answers came (a script that verified and quit, the
    /// other device offline meanwhile): the next run still takes them, once.
    @Test func secretsAnsweredAfterTheAskingRunEndedAreTakenByTheNext() async throws {
        let (first, asking) = try await twoVerifiedDevices()
        #expect(await asking.machine.requestMissingSecrets())
        #expect(await asking.machine.awaitsSecrets)

        let second = try await device(alice, "A2", restarting: asking)
        #expect(await second.machine.awaitsSecrets, "the requests outlive the run")
        try await deliverToDevice(to: first, "A1")
        try await deliverToDevice(to: second, "A2")
        #expect(try await second.store.secrets().count == 4)
        #expect(await second.machine.takeSecretsArrival() == SecretsArrival(crossSigning: true, backupKey: true))
        #expect(await !second.machine.awaitsSecrets)
        #expect(try await second.store.secretRequests().isEmpty)
    }

    /// The other device's signature of this one, seen before the interactive verification ended,
    /// asked for the secrets; the end asked again. The answers to the first requests are taken,
    /// and every request goes with them (ShellVerificationInteropTests lost the secrets once).
    @Test func answersToAnEarlierRequestAreTakenAfterAskingAgain() async throws {
        let (first, asking) = try await twoVerifiedDevices()
        await asking.machine.refreshTrust()
        await asking.machine.requestSecretsIfSigned()
        try await deliverToDevice(to: first, "A1")
        #expect(await asking.machine.requestMissingSecrets(), "asked again")
        try await deliverToDevice(to: asking, "A2")
        #expect(try await asking.store.secrets().count == 4)
        #expect(await !asking.machine.awaitsSecrets)
        #expect(try await asking.store.secretRequests().isEmpty, "the second requests went with the secrets")
    }

    @Test func secretsFromAnOwnDeviceNotVerifiedHereAreRefused() async throws {
        let first = try await device(alice, "A1")
        _ = try await setUp(first)
        let second = try await device(alice, "A2")
        await first.machine.refreshTrust()
        #expect(await first.machine.setVerified(true, userID: alice, deviceID: "A2"))
        await second.machine.refreshTrust()

        await second.machine.requestSecretsIfSigned()
        try await deliverToDevice(to: first, "A1")
        try await deliverToDevice(to: second, "A2")
        #expect(try await second.store.secrets().isEmpty, "the second device never compared the first's fingerprint")
    }

    /// Hands a device its waiting to-device messages, as a sync would.
    private func deliverToDevice(to device: Device, _ deviceID: String) async throws {
        var response = SyncResponse(nextBatch: "s")
        response.encryption.toDeviceEvents = await server.takeInbox(of: DeviceAddress(userID: alice, deviceID: deviceID))
        let (received, _) = await device.machine.receive(response)
        try await device.store.apply(received, userID: alice)
    }

    @Test func aWrongKeyChangesNothing() async throws {
        let first = try await device(alice, "A1")
        _ = try await setUp(first)
        let second = try await device(alice, "A2")
        let error = await recoveryError { () throws(RecoveryError) in _ = try await second.machine.recover(with: SecretStorageKey()) }
        #expect(error == .wrongKey)
        #expect(try await second.store.secrets().isEmpty)
        #expect(try await second.machine.recoveryStatus().isDeviceVerified == false)
    }

    @Test func aSecretWhoseMACFailsIsRefusedAndNothingIsKept() async throws {
        let first = try await device(alice, "A1")
        let recoveryKey = try await setUp(first)
        // The server swaps the self-signing key's ciphertext for the master key's.
        let master = try #require(await server.accountData("m.cross_signing.master", of: alice))
        await server.setAccountData(master, type: "m.cross_signing.self_signing", of: alice)
        let second = try await device(alice, "A2")
        let error = await recoveryError { () throws(RecoveryError) in
            _ = try await second.machine.recover(with: try! SecretStorageKey(recoveryKey: recoveryKey))
        }
        #expect(error == .secretTampered("m.cross_signing.self_signing"))
        #expect(try await second.store.secrets().isEmpty)
    }

    @Test func secretsThatAreNotThePublishedIdentityAreRefused() async throws {
        let first = try await device(alice, "A1")
        let recoveryKey = try await setUp(first)
        // The server publishes other cross-signing keys than those in secret storage.
        let other = CrossSigningSecrets().publicKeys(userID: alice)
        await server.setCrossSigningKeys(["master": other.master, "self_signing": other.selfSigning, "user_signing": other.userSigning],
                                         of: alice)
        let second = try await device(alice, "A2")
        let error = await recoveryError { () throws(RecoveryError) in
            _ = try await second.machine.recover(with: try! SecretStorageKey(recoveryKey: recoveryKey))
        }
        #expect(error == .identityMismatch)
        #expect(try await second.store.secrets().isEmpty)
    }

    @Test func aBackupNotSignedByATrustedKeyIsNotUsed() async throws {
        let first = try await device(alice, "A1")
        let recoveryKey = try await setUp(first)
        // A newer backup appears whose key nobody here made or signed.
        _ = await server.addBackup(algorithm: BackupAuthData.algorithm, authData: BackupAuthData(publicKey: BackupDecryptionKey().publicKey).json)
        let second = try await device(alice, "A2")
        let outcome = try await second.machine.recover(with: SecretStorageKey(recoveryKey: recoveryKey))
        #expect(outcome.backupVersion == nil && !outcome.canRestore)
        #expect(try await second.store.keyBackup() == nil)
        #expect(try await second.machine.recoveryStatus().isDeviceVerified)
    }

    @Test func aSetupInterruptedAfterPublishingIsFinishedWithTheSameKeys() async throws {
        let first = try await device(alice, "A1")
        let recoveryKey = try await first.machine.beginRecoverySetup()
        // As if killed before the user answered: the next start offers the same key.
        let restarted = try await device(alice, "A1", restarting: first)
        #expect(try await restarted.machine.beginRecoverySetup() == recoveryKey)
        _ = try await restarted.machine.finishRecoverySetup { $0.passwordAuthentication(userID: "@alice:hs", password: "pw") }
        let master = await server.crossSigningKeys(of: alice)["master"]
        // Another setup is refused rather than making a second identity.
        let error = await recoveryError { () throws(RecoveryError) in _ = try await restarted.machine.beginRecoverySetup() }
        #expect(error == .alreadySetUp)
        #expect(await server.crossSigningKeys(of: alice)["master"] == master)
        let second = try await device(alice, "A2")
        #expect(try await second.machine.recover(with: SecretStorageKey(recoveryKey: recoveryKey)).canRestore)
    }

    @Test func aResetReplacesTheIdentityOnlyWithThePassword() async throws {
        let first = try await device(alice, "A1")
        let oldKey = try await setUp(first)
        let oldMaster = await server.crossSigningKeys(of: alice)["master"]

        let newKey = try await first.machine.beginRecoverySetup(replacing: true)
        // Without the password the server keeps the identity, and this device keeps using it.
        let refused = await recoveryError { () throws(RecoveryError) in _ = try await first.machine.finishRecoverySetup { _ in nil } }
        #expect(refused == .authenticationUnsupported)
        #expect(await server.crossSigningKeys(of: alice)["master"] == oldMaster)
        #expect(try await first.machine.recoveryStatus().isDeviceVerified)

        _ = try await first.machine.finishRecoverySetup { $0.passwordAuthentication(userID: "@alice:hs", password: "pw") }
        #expect(await server.crossSigningKeys(of: alice)["master"] != oldMaster)
        #expect(try await first.machine.recoveryStatus().isDeviceVerified)
        let second = try await device(alice, "A2")
        let old = try SecretStorageKey(recoveryKey: oldKey)
        let stale = await recoveryError { () throws(RecoveryError) in _ = try await second.machine.recover(with: old) }
        #expect(stale == .wrongKey)
        #expect(try await second.machine.recover(with: SecretStorageKey(recoveryKey: newKey)).canRestore)
    }

    /// MSC4287: the backup turned off on one device is deleted and said in account data, which
    /// the account's other devices follow; turned on again with the recovery key, a new device
    /// restores from it.
    @Test func theBackupTurnedOffIsDeletedAndFollowedAndTurnedOnAgainIsRestorable() async throws {
        let first = try await device(alice, "A1")
        let recoveryKey = try SecretStorageKey(recoveryKey: try await setUp(first))
        #expect(await server.accountData("m.key_backup", of: alice) == ["enabled": true], "a setup's backup is on")
        let second = try await device(alice, "A2")
        _ = try await second.machine.recover(with: recoveryKey)
        #expect(try await second.store.keyBackup() != nil)

        #expect(try await first.machine.turnBackupOff() == "1")
        #expect(await server.accountData("m.key_backup", of: alice) == ["enabled": false])
        #expect(await server.accountData("m.org.matrix.custom.backup_disabled", of: alice) == ["disabled": true])
        #expect(try await first.machine.recoveryStatus().backupVersion == nil)
        #expect(try await first.machine.recoveryStatus().backupPreference == .off)
        #expect(try await first.store.keyBackup() == nil)

        // The other device hears it by sync, and stops.
        let told = SyncResponse(nextBatch: "s", accountData: ["m.key_backup": ["enabled": false]])
        _ = await second.machine.receive(told)
        #expect(try await second.store.keyBackup() == nil)
        // A third one recovering keeps it off.
        let third = try await device(alice, "A3")
        #expect(try await third.machine.recover(with: recoveryKey).backupVersion == nil)

        let wrong = await recoveryError { () throws(RecoveryError) in _ = try await second.machine.turnBackupOn(secretStorageKey: SecretStorageKey()) }
        #expect(wrong == .wrongKey)
        let on = try await second.machine.turnBackupOn(secretStorageKey: recoveryKey)
        #expect(on.isNew && on.isInSecretStorage && on.version == "2")
        #expect(await server.accountData("m.key_backup", of: alice) == ["enabled": true])
        _ = try await second.machine.encrypt(type: "m.room.message", content: ["body": "hi"], roomID: "!r:hs", settings: RoomEncryption())
        await second.machine.backUpRoomKeys()
        #expect(try await second.machine.recoveryStatus().backedUpKeyCount == 1)
        // Said on, a device that stopped does not stop again; a new one restores with the recovery key.
        _ = await first.machine.receive(SyncResponse(nextBatch: "s", accountData: ["m.key_backup": ["enabled": true]]))
        let fourth = try await device(alice, "A4")
        #expect(try await fourth.machine.recover(with: recoveryKey).canRestore)
        #expect(try await fourth.machine.restoreBackup().sessionIDs.count == 1)
    }

    @Test func aCancelledSetupLeavesNothingBehind() async throws {
        let first = try await device(alice, "A1")
        let key = try await first.machine.beginRecoverySetup()
        await first.machine.cancelRecoverySetup()
        #expect(try await first.store.secrets().isEmpty)
        #expect(try await first.machine.beginRecoverySetup() != key)
        #expect(await server.crossSigningKeys(of: alice).isEmpty)
    }
}

/// Other users' identities: verified with our user-signing key, and a changed one never trusted
/// silently.
@Suite struct CryptoMachineIdentityTests {
    let recovery = CryptoMachineRecoveryTests()
    var server: MemoryKeysServer { recovery.server }

    /// Bob's cross-signing keys replaced on the server, as a reset does.
    func resetIdentity(of userID: String) async {
        let other = CrossSigningSecrets().publicKeys(userID: userID)
        await server.setCrossSigningKeys(["master": other.master, "self_signing": other.selfSigning, "user_signing": other.userSigning],
                                         of: userID)
    }

    func encrypt(_ body: String, by device: CryptoMachineRecoveryTests.Device, checkingIdentities: Bool = true) async throws(MatrixError) {
        _ = try await device.machine.encrypt(type: "m.room.message", content: ["body": .string(body)], roomID: "!r:hs", settings: RoomEncryption(),
                                             checkingIdentities: checkingIdentities)
    }

    @Test func aVerifiedUserWhoResetsTheirIdentityHoldsMessagesUntilTheVerificationIsWithdrawn() async throws {
        let alice = try await recovery.device("@alice:hs", "A1")
        _ = try await recovery.setUp(alice)
        let bob = try await recovery.device("@bob:hs", "B1")
        _ = try await recovery.setUp(bob)
        await server.setMembers(["@alice:hs", "@bob:hs"], of: "!r:hs")
        let published = await server.crossSigningKeys(of: "@bob:hs")
        let bobMaster = try #require(published["master"]?["keys"]?.object?.values.first?.string)

        let wrong = await recovery.recoveryError { () throws(RecoveryError) in
            _ = try await alice.machine.verifyIdentity(of: "@bob:hs", fingerprint: "not the key")
        }
        #expect(wrong == .identityFingerprintMismatch("@bob:hs"))
        let verified = try await alice.machine.verifyIdentity(of: "@bob:hs", fingerprint: Fingerprint(bobMaster).grouped)
        #expect(verified.state == .verified)
        #expect(verified.devices.allSatisfy { $0.isTrusted })

        await resetIdentity(of: "@bob:hs")
        await alice.machine.refreshTrust()
        #expect(await alice.machine.takeChangedIdentities() == [IdentityChange(userID: "@bob:hs", wasVerified: true)], "the sync loop warns once")
        #expect(await alice.machine.takeChangedIdentities().isEmpty)
        let changed = try await alice.machine.identitySummary(of: "@bob:hs")
        #expect(changed.state == .changed)
        #expect(!changed.devices.contains { $0.isTrusted })

        // Messages wait; a verification step, which may verify bob again, does not.
        await #expect(throws: MatrixError.encryptionRefused(.verifiedIdentityChanged(["@bob:hs"]))) { try await encrypt("held", by: alice) }
        try await encrypt("a verification step", by: alice, checkingIdentities: false)

        let (before, after) = try await alice.machine.acceptIdentity(of: "@bob:hs")
        #expect(before == .changed)
        #expect(after.state == .notVerified)
        try await encrypt("sent", by: alice)
        #expect(await alice.machine.takeResetsAtSend(in: "!r:hs").isEmpty, "accepted: nothing to say at the send")
        #expect(try await alice.machine.acceptIdentity(of: "@bob:hs").before == .notVerified)
    }

    @Test func anUnverifiedUserWhoResetsTheirIdentityIsNamedOnceAtTheNextSendAndSendingGoesOn() async throws {
        let alice = try await recovery.device("@alice:hs", "A1")
        let bob = try await recovery.device("@bob:hs", "B1")
        _ = try await recovery.setUp(bob)
        await server.setMembers(["@alice:hs", "@bob:hs"], of: "!r:hs")
        // First sight pins bob's identity: no warning.
        #expect(try await alice.machine.identitySummary(of: "@bob:hs").state == .notVerified)
        try await encrypt("before", by: alice)
        #expect(await alice.machine.takeResetsAtSend(in: "!r:hs").isEmpty)

        await resetIdentity(of: "@bob:hs")
        await alice.machine.refreshTrust()
        #expect(await alice.machine.takeChangedIdentities() == [IdentityChange(userID: "@bob:hs", wasVerified: false)])
        try await encrypt("after", by: alice)
        #expect(await alice.machine.takeResetsAtSend(in: "!r:hs") == ["@bob:hs"])
        try await encrypt("later", by: alice)
        #expect(await alice.machine.takeResetsAtSend(in: "!r:hs").isEmpty, "said once")
        #expect(try await alice.machine.identitySummary(of: "@bob:hs").state == .reset)

        #expect(try await alice.machine.acceptIdentity(of: "@bob:hs").before == .reset)
        #expect(try await alice.machine.identitySummary(of: "@bob:hs").state == .notVerified)
        // Another reset is another change.
        await resetIdentity(of: "@bob:hs")
        await alice.machine.refreshTrust()
        #expect(await alice.machine.takeChangedIdentities().map(\.userID) == ["@bob:hs"])
        try await encrypt("again", by: alice)
        #expect(await alice.machine.takeResetsAtSend(in: "!r:hs") == ["@bob:hs"])
    }

    @Test func excludingInsecureDevicesSharesRoomKeysOnlyWithSignedOnes() async throws {
        let alice = try await recovery.device("@alice:hs", "A1")
        let signed = try await recovery.device("@bob:hs", "B1")
        _ = try await recovery.setUp(signed)
        _ = try await recovery.device("@bob:hs", "B2")  // never signed by bob's identity
        await server.setMembers(["@alice:hs", "@bob:hs"], of: "!r:hs")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: "!s:hs")
        let b1 = DeviceAddress(userID: "@bob:hs", deviceID: "B1"), b2 = DeviceAddress(userID: "@bob:hs", deviceID: "B2")

        await alice.machine.setExcludesInsecureDevices(true)
        _ = try await alice.machine.encrypt(type: "m.room.message", content: ["body": "hi"], roomID: "!r:hs", settings: RoomEncryption())
        #expect(await !server.takeInbox(of: b1).isEmpty)
        #expect(await server.takeInbox(of: b2).map(\.type) == ["m.room_key.withheld"], "the unsigned device gets no room key, only why")

        await alice.machine.setExcludesInsecureDevices(false)
        _ = try await alice.machine.encrypt(type: "m.room.message", content: ["body": "hi"], roomID: "!s:hs", settings: RoomEncryption())
        #expect(await !server.takeInbox(of: b2).isEmpty, "off by default, as in Element")
    }

    @Test func aDeviceLeftOutIsToldWhyAndItsMessagesSaySo() async throws {
        let alice = try await recovery.device("@alice:hs", "A1")
        let signed = try await recovery.device("@bob:hs", "B1")
        _ = try await recovery.setUp(signed)
        let unsigned = try await recovery.device("@bob:hs", "B2")
        await server.setMembers(["@alice:hs", "@bob:hs"], of: "!r:hs")
        await alice.machine.setExcludesInsecureDevices(true)
        let address = DeviceAddress(userID: "@bob:hs", deviceID: "B2")

        // The first message arrives before the notice, the second after it.
        let first = try await alice.machine.encrypt(type: "m.room.message", content: ["msgtype": "m.text", "body": "one"],
                                                    roomID: "!r:hs", settings: RoomEncryption())
        let notices = await server.takeInbox(of: address)
        #expect(notices.map(\.type) == ["m.room_key.withheld"])
        try await sync(unsigned, timeline: [SyncEvent(type: "m.room.encrypted", eventID: "$1", sender: "@alice:hs", originServerTS: 1, content: first)])
        try await sync(unsigned, toDevice: notices)
        let remarked = await unsigned.machine.takeWithheldChanges()
        #expect(remarked?.changedMessages.map(\.decryptionFailure) == [.withheldUnverified])

        let second = try await alice.machine.encrypt(type: "m.room.message", content: ["msgtype": "m.text", "body": "two"],
                                                     roomID: "!r:hs", settings: RoomEncryption())
        #expect(await server.takeInbox(of: address).isEmpty, "told once per session")
        let stored = try await sync(unsigned, timeline: [SyncEvent(type: "m.room.encrypted", eventID: "$2", sender: "@alice:hs",
                                                                   originServerTS: 2, content: second)])
        #expect(stored.messages.map(\.decryptionFailure) == [.withheldUnverified])
    }

    /// A sync of the device's to-device messages and timeline in `!r:hs`, stored as the sync loop does.
    @discardableResult
    private func sync(_ device: CryptoMachineRecoveryTests.Device, timeline: [SyncEvent] = [], toDevice: [SyncEvent] = []) async throws -> SyncResult {
        var response = SyncResponse(nextBatch: "s")
        response.encryption.toDeviceEvents = toDevice
        if !timeline.isEmpty { response.rooms.joined["!r:hs"] = SyncResponse.JoinedRoom(timeline: SyncResponse.Timeline(events: timeline)) }
        let (received, _) = await device.machine.receive(response)
        return try await device.store.apply(received, userID: device.machine.userID)
    }

    @Test func verifyingOthersNeedsOurOwnKeys() async throws {
        let alice = try await recovery.device("@alice:hs", "A1")
        let bob = try await recovery.device("@bob:hs", "B1")
        _ = try await recovery.setUp(bob)
        let error = await recovery.recoveryError { () throws(RecoveryError) in
            _ = try await alice.machine.verifyIdentity(of: "@bob:hs", fingerprint: nil)
        }
        #expect(error == .crossSigningLocked)
    }
}
