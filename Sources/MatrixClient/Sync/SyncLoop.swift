import Foundation

/// Keeps one session in sync: asks for what changed since the stored position, commits the rooms
/// it changed together with the new position, and only then tells the app, so the app never shows
/// what the store does not hold. Failures wait out a growing, jittered delay and retry from the
/// same position; an ended session stops the loop. Which method syncs (`/v3`, sliding) is the
/// request's business: the loop only keeps its positions.
public struct SyncLoop: Sendable {
    /// One sync from `positions`; `waitsForNews: false` answers at once instead of long-polling.
    public typealias Request = @Sendable (_ positions: SyncPositions, _ waitsForNews: Bool) async throws(MatrixError) -> SyncResponse

    let request: Request
    let store: StoreWriter
    /// Decrypts what arrives and keeps this device's keys published; `nil` without encryption.
    let crypto: CryptoMachine?
    /// Takes the verification messages each response brings; `nil` without encryption.
    let verifications: VerificationCenter?
    let userID: String
    let report: @Sendable (ClientEvent) async -> Void
    /// The first request catches up at once (`/wait sync`) instead of waiting for news.
    let catchesUpFirst: Bool
    /// Long-polls for news after catching up; without, the loop ends once one response is in
    /// (batch mode: a script that only sends leaves no request open).
    let keepsPolling: Bool
    /// Whether a first sync comes in pages, its first answer a screen of rooms (sliding sync),
    /// rather than as the whole account at once (`/v3`).
    let firstSyncIsPaged: @Sendable () async -> Bool
    /// What retry delays are waited out on.
    let clock: any ShellClock
    /// Runs when a polling loop has caught up on at least `largeCatchUp` rooms, before its first
    /// long poll: what the catch-up decoded and stored is garbage by then (by default the store's
    /// `releaseMemory`).
    let caughtUp: @Sendable () async -> Void
    /// A restart's catch-up of a few rooms leaves little behind, and trimming would hold malloc's
    /// lock just as the prompt starts (15 ms later at 1,000 rooms, BENCHMARKS.md).
    static let largeCatchUp = 100

    public init(request: @escaping Request, store: StoreWriter, crypto: CryptoMachine? = nil, verifications: VerificationCenter? = nil,
                userID: String, catchesUpFirst: Bool = false,
                keepsPolling: Bool = true, firstSyncIsPaged: @escaping @Sendable () async -> Bool = { false },
                clock: any ShellClock = SystemClock(), caughtUp: (@Sendable () async -> Void)? = nil,
                report: @escaping @Sendable (ClientEvent) async -> Void) {
        self.request = request
        self.store = store
        self.crypto = crypto
        self.verifications = verifications
        self.userID = userID
        self.catchesUpFirst = catchesUpFirst
        self.keepsPolling = keepsPolling
        self.firstSyncIsPaged = firstSyncIsPaged
        self.clock = clock
        self.caughtUp = caughtUp ?? { [store] in await store.releaseMemory() }
        self.report = report
    }

    /// After a response is stored: messages that waited for keys that came, keys the server
    /// runs short of, devices that changed. A failure here waits for the next response.
    /// `countsKeys`: whether the response's key counts may be acted on (see `run`).
    private func maintain(_ crypto: CryptoMachine, after updates: EncryptionUpdates, newSessions: Set<String>, countsKeys: Bool) async {
        if let withheld = await crypto.takeWithheldChanges() { await report(.decrypted(withheld)) }
        if !newSessions.isEmpty, let late = await crypto.retryUndecrypted(sessionIDs: newSessions) {
            await report(.decrypted(late))
        }
        if countsKeys {
            try? await crypto.publishKeys(oneTimeKeyCounts: updates.oneTimeKeyCounts, unusedFallbackKeyTypes: updates.unusedFallbackKeyTypes)
        }
        try? await crypto.updateOutdatedDevices()
        let changed = await crypto.takeChangedIdentities()
        if !changed.isEmpty { await report(.identitiesChanged(changed)) }
        // After the devices: a bundle that came, or whose sender's device is vouched for now.
        let (imports, imported) = await crypto.importSharedHistory()
        if !imports.isEmpty { await report(.historyShared(imports)) }
        if !imported.isEmpty, let late = await crypto.retryUndecrypted(sessionIDs: imported) { await report(.decrypted(late)) }
        await crypto.requestSecretsIfSigned()
        if let late = await crypto.restoreSharedBackup() { await report(.decrypted(late)) }
        // After the restore: whoever waits for the secrets finds the history readable.
        if let arrival = await crypto.takeSecretsArrival() { await report(.secretsArrived(arrival)) }
        let restored = await crypto.requestMissingKeys()
        if !restored.isEmpty, let late = await crypto.retryUndecrypted(sessionIDs: restored) {
            await report(.decrypted(late))
        }
        await crypto.backUpRoomKeys()
    }

    /// Decrypts the response, commits it with its token, then tells the app and the
    /// verifications; returns the IDs of the Megolm sessions it brought.
    private func take(_ response: SyncResponse) async throws -> Set<String> {
        var response = response
        var newSessions: Set<String> = []
        if let crypto { (response, newSessions) = await crypto.receive(response) }
        let result = try await store.apply(response, userID: userID)
        await report(.synced(result))
        await verifications?.receive(toDevice: response.encryption.toDeviceEvents,
                                     rooms: response.rooms.joined.mapValues(\.timeline.events))
        return newSessions
    }

    /// Syncs until cancelled, the session ends, or (without `keepsPolling`) it has caught up.
    ///
    /// A new device's keys go up beside its first request, or, when that request's answer is a
    /// screen of rooms (`firstSyncIsPaged`), once it is in or has failed: Synapse takes its time
    /// over them on a large account (it tells the members of every room: 0.13 s at 5,000 rooms)
    /// and works on one request at a time, so beside that small answer they would hold it back.
    /// A whole account's `/v3` answer takes far longer, and others should not wait that long to
    /// encrypt for the device; nor while a sync keeps failing. The upload is a child of the loop:
    /// it stops with it and is waited for at its end, so the next loop, which starts after this
    /// one has ended, never makes a second one.
    public func run() async {
        let isNewDevice = if let crypto { await !crypto.keysPublished } else { false }
        let keysFirst = isNewDevice ? await !firstSyncIsPaged() : false
        await withTaskGroup(of: Void.self) { keys in
            await sync(uploadingKeys: &keys, isNewDevice: isNewDevice, keysFirst: keysFirst)
        }
    }

    /// The loop of `run`; `keys` holds the new device's key upload once it has started.
    private func sync(uploadingKeys keys: inout TaskGroup<Void>, isNewDevice: Bool, keysFirst: Bool) async {
        var keysToStart = isNewDevice, keysUnderWay = false
        func startKeysOnce() {
            guard keysToStart else { return }
            keysToStart = false
            keysUnderWay = true
            keys.addTask { [crypto] in try? await crypto?.publishKeysIfNew() }
        }
        if keysFirst { startKeysOnce() }
        var backoff = SyncBackoff()
        if let late = await crypto?.finishInterruptedRestore() { await report(.decrypted(late)) }
        var positions = (try? await store.syncPositions()) ?? SyncPositions()
        var waitsForNews = !catchesUpFirst && keepsPolling
        var caughtUpNow = false
        var roomsCaughtUp = 0
        while !Task.isCancelled {
            // Here, where the response that caught up is no longer held.
            if caughtUpNow {
                caughtUpNow = false
                await caughtUp()
            }
            let failure: MatrixError
            do {
                let waited = waitsForNews && positions.hasSynced
                let response = try await request(positions, waited)
                // An answer that came as the loop was stopped is left to whoever comes next, who
                // asks again from the same token: only one loop commits.
                guard !Task.isCancelled else { return }
                startKeysOnce()
                // More to come at once (a room list still loading): asked for without waiting,
                // and a loop that only catches up is not done yet.
                roomsCaughtUp = waited ? 0 : roomsCaughtUp + response.rooms.count
                caughtUpNow = !waited && !response.hasMore && keepsPolling && roomsCaughtUp >= Self.largeCatchUp
                waitsForNews = !response.hasMore
                // Taken in whole even if the loop is stopped meanwhile: its to-device messages
                // are decrypted once and for all. What follows may stop and come next time.
                let newSessions = try await uncancelled { [self] in try await take(response) }
                positions.move(to: response.position)
                backoff.reset()
                if let crypto {
                    // Counts from a request made while the keys went up may not count them yet:
                    // acted on, they would have a second set of keys made and sent.
                    let countsKeys = !keysUnderWay
                    await keys.waitForAll()
                    keysUnderWay = false
                    await maintain(crypto, after: response.encryption, newSessions: newSessions, countsKeys: countsKeys)
                }
                if !keepsPolling && !response.hasMore { return }
                continue
            } catch let error as MatrixError {
                failure = error
            } catch {
                // The store could not take the response: the token did not move, so the same
                // response comes again on the next try.
                failure = .decoding("store: \(type(of: error))")
            }
            guard !Task.isCancelled else { return }
            guard let delay = backoff.delay(after: failure) else {
                await report(.sessionEnded(failure == .unknownToken(softLogout: true) ? .soft : .deviceRemoved))
                return
            }
            startKeysOnce()
            // The delay reported counts from the failure, not from when the report was heard.
            let retryAt = clock.now + delay
            await report(.syncFailed(failure, retryIn: delay))
            try? await clock.sleep(until: retryAt)
        }
    }
}
