import Foundation
import MatrixClient

/// A session's services: started at login or resume, restarted under new network settings,
/// stopped at logout or sign-out; and its sync loop.
extension AppState {
    /// A session starts from nothing shown: its services are built, its store opened and what
    /// it holds shown at once, and syncing starts from its token. Those of an earlier session end
    /// first, so two never write one store.
    func startSync(for session: Session) async {
        await stopSyncAndWait()
        await startServices(for: session)
    }

    /// Builds the session's running parts, then starts them in one step: unless they were
    /// stopped meanwhile (a logout while the store was read), in which case they never run.
    private func startServices(for session: Session) async {
        let generation = state.serviceGeneration
        let services = environment.makeSessionServices(session, state.profile.settings)
        let store: StoreWriter
        do {
            store = try environment.openStore(session)
        } catch {
            return failStore(of: session, error)
        }
        // The device's keys are read beside the rooms, on another core: both are on the way to a
        // one-shot run's first command.
        async let machine = services.makeCrypto(store)
        let rooms: [RoomRecord], isFirstSync: Bool, pushRules: PushRuleSet, ignoredUsers: Set<String>
        do {
            rooms = try await store.rooms()
            isFirstSync = try await !store.syncPositions().hasSynced
            pushRules = try await store.pushRules(userID: session.userID)
            ignoredUsers = try await store.ignoredUsers()
        } catch {
            _ = await machine
            return failStore(of: session, error)
        }
        let crypto = await machine
        await crypto?.setExcludesInsecureDevices(state.profile.settings.excludeInsecureDevices)
        let verifications = await makeVerifications(store: store, services: services, crypto: crypto, generation: generation)
        // An earlier run may have asked other devices for secrets that come in this one.
        let awaitsSecrets = await crypto?.awaitsSecrets ?? false
        let trust = await readDeviceTrust(store: store, crypto: crypto)
        let queue = SendQueue(store: store, send: services.makeSender(store, crypto), crypto: crypto, clock: environment.clock) { [weak self] event in
            await self?.apply(event, from: generation)
        }
        guard generation == state.serviceGeneration else {
            if let verifications { Task { await verifications.stop() } }
            return
        }
        commit { state in
            state.runtime = SessionRuntime(generation: generation, services: services, store: store, crypto: crypto,
                                           verifications: verifications, sendQueue: queue, sendTask: Task { await queue.run() })
            state.rooms = Dictionary(uniqueKeysWithValues: rooms.map { ($0.roomID, $0) })
            state.ignoredUsers = ignoredUsers
            state.awaitsFirstSync = isFirstSync
            state.awaitsSecrets = awaitsSecrets
            if let trust { state.deviceTrust = trust }
        }
        use(pushRules)
        // The first request catches up at once: a long poll from a stored token would keep the
        // prompt at "syncing…" for its 30 s whenever nothing is new.
        restartSync(for: session, catchingUpNow: true)
        if isFirstSync { announceSlowFirstSync() }
    }

    /// The session stays without its store: commands that need it say so (`storeFailed`).
    private func failStore(of session: Session, _ error: any Error) {
        logger.error("The store of \(session.userID) could not be opened or read: \(String(describing: error))")
        commit { $0.storeFailed = true }
    }

    /// A new sync loop on the open store, from its token. The new one starts once the old one has
    /// ended, so two never commit at once. With `catchingUpNow`, its first request asks for what
    /// is new without waiting for news; unless the session syncs live, that request is all the
    /// loop makes.
    ///
    /// An old loop that long-polls is cancelled. One that only catches up is let finish (unless
    /// `cancellingCatchUp`, for `/reconnect`, or it is failing): asked again from the same token,
    /// Synapse answers from its cache of the first request (kept two minutes), as things stood
    /// before whatever the new loop is to see. (A run killed with its catch-up unanswered leaves
    /// the same behind for the next run's first request; `/wait sync` therefore always asks on
    /// from a token of its own run.)
    /// `quietly` keeps a live status as it is: the new loop only tells the server something (the
    /// room now open), and the prompt need not say "syncing…" for it.
    func restartSync(for session: Session, catchingUpNow: Bool = false, cancellingCatchUp: Bool = false, quietly: Bool = false) {
        guard let runtime = state.runtime else { return }
        let previous = runtime.syncTask
        // A failing catch-up is not waited for: it may retry for as long as the server is away,
        // and the new loop asks from the same token.
        if runtime.syncLoopPolls || cancellingCatchUp || state.syncStatus.isRetrying { previous?.cancel() }
        let generation = runtime.generation, run = state.syncRun + 1
        let loop = SyncLoop(request: runtime.services.sync, store: runtime.store, crypto: runtime.crypto, verifications: runtime.verifications,
                            userID: session.userID, catchesUpFirst: catchingUpNow, keepsPolling: state.syncsLive,
                            firstSyncIsPaged: runtime.services.firstSyncIsPaged, clock: environment.clock) {
            [weak self] event in
            await self?.apply(event, from: generation, syncRun: run)
        }
        let task = Task { [weak self] in
            // Stopping the new loop stops the one it waits for too.
            await withTaskCancellationHandler {
                await previous?.value
                await loop.run()
            } onCancel: {
                previous?.cancel()
            }
            self?.commit { $0.endedSyncRun = max($0.endedSyncRun, run) }
        }
        let now = environment.clock.date
        commit { state in
            if !(quietly && state.syncStatus == .live) { state.syncStatus = .catchingUp(since: now) }
            state.syncRun = run
            state.runtime?.syncLoopPolls = state.syncsLive
            state.runtime?.syncTask = task
        }
    }

    /// Tells sync which room is open when that changed, after each command: sliding sync follows
    /// it with its full timeline, so a burst of messages there comes whole. A long-poll under way
    /// gives way to a request that says so; a loop that only catches up says it next time.
    func followOpenRoom() async {
        guard let runtime = state.runtime, let session = state.session, runtime.followedRoom != .some(state.currentRoomID) else { return }
        let roomID = state.currentRoomID
        commit { $0.runtime?.followedRoom = .some(roomID) }
        if await runtime.services.followRoom(roomID), state.runtime?.generation == runtime.generation, state.runtime?.syncLoopPolls == true,
           state.session == session {
            restartSync(for: session, catchingUpNow: true, quietly: true)
        }
    }

    /// A first sync of a large account can take minutes: past a short wait, say so once, so an
    /// empty `/rooms` is not taken for an empty account; the prompt counts the seconds.
    private func announceSlowFirstSync() {
        // Cancelled once the first sync is applied: nothing to say then.
        let notice = schedule(.firstSyncIsSlow, after: environment.tuning.firstSyncNoticeDelay)
        commit { $0.runtime?.firstSyncNotice = notice }
    }

    /// `stopSync`, returning once every cancelled sync and send task has finished, those of
    /// services stopped earlier too: one may still be finishing a write, and whoever removes or
    /// rewrites the session's files must come after it (SQLite could otherwise recreate a file in
    /// a directory being removed).
    func stopSyncAndWait() async {
        stopSync()
        await retireStoppedTasks()
    }

    /// Returns once the tasks of stopped services have ended.
    private func retireStoppedTasks() async {
        let tasks = commit { state in
            defer { state.stoppedTasks = [] }
            return state.stoppedTasks
        }
        for task in tasks { await task.value }
    }

    /// The session's services go and everything shown of it with them: the rooms, timelines,
    /// numbers and listings start over from nothing for whichever session comes next.
    func stopSync() {
        stopServices()
        commit { $0.sessionState = SessionState() }
    }

    /// The session's services are rebuilt under new network settings (`/set ca_file`,
    /// `request_timeout`) while what is shown stays: the old ones end first, so two never write.
    func renewServices(for session: Session) async {
        stopServices()
        await retireStoppedTasks()
        guard state.session == session else { return }
        await startServices(for: session)
    }

    /// Cancels the session's tasks and drops its running parts; what they report from now on is
    /// dropped. The verifications they reported go with them.
    private func stopServices() {
        commit { state in
            state.serviceGeneration += 1
            state.stoppedTasks += state.runtime?.stop() ?? []
            state.runtime = nil
            state.storeFailed = false
            state.verifications = VerificationProgress()
            state.syncStatus = .stopped
        }
    }
}
