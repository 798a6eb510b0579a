import Foundation

extension AppState {
    /// What a service reports, unless it belongs to services since stopped (a response that
    /// arrived just as the user logged out). A sync loop's own run is named too: one that was
    /// replaced (`/reconnect`, `/wait sync`) may still report what it committed, which is shown,
    /// but no longer its failures, and its responses do not count for `/wait sync`.
    func apply(_ event: ClientEvent, from generation: Int, syncRun: Int? = nil) async {
        guard generation == serviceGeneration else { return }
        if let syncRun {
            if case .syncFailed = event, syncRun != self.syncRun { return }
            // A response with more to come at once has not caught up yet.
            if case .synced(let result) = event, !result.hasMore { latestSyncedRun = max(latestSyncedRun, syncRun) }
        }
        await apply(event)
    }

    /// Applies what a service reports. Only the main actor runs this, like `send`.
    public func apply(_ event: ClientEvent) async {
        switch event {
        case .synced(let result):
            if syncStatus.isRetrying {
                // The server is back: what waits in the outbox need not wait out its retry delay.
                let queue = sendQueue
                Task { await queue?.retryNow() }
            }
            // Names first, so a newcomer's first message already shows their name.
            if let roomID = currentRoomID, result.memberChanges.contains(roomID) {
                await loadMemberNames(of: roomID)
            }
            await askForAttention(result)
            // Which counts moved, by room ID: what a prompt that stood still did not show.
            logger.debug("""
                Applied a sync of \(result.rooms.count) rooms and \(result.messages.count) messages; unread now \(
                    result.rooms.filter { $0.notificationCount != rooms[$0.roomID]?.notificationCount }
                        .map { "\($0.roomID)=\($0.notificationCount)" }.joined(separator: " "))
                """)
            // Invites the store did not hold as such: told once the rooms stand as sync left them.
            let newInvites = result.rooms.filter { $0.membership == .invite && rooms[$0.roomID]?.membership != .invite }
            for room in result.rooms {
                // A mention elsewhere is worth a line; the open room shows its messages anyway.
                if room.roomID != currentRoomID, room.highlightCount > (rooms[room.roomID]?.highlightCount ?? 0) {
                    report(Report(content: .mentioned(roomName: RoomName.of(room), count: room.highlightCount), location: nil))
                }
                rooms[room.roomID] = room
                // The open room is read as it shows: counts the server (or the store, counting
                // from the last receipt) took before its new receipt do not stand.
                if room.roomID == currentRoomID { clearCounts(of: room.roomID) }
                if room.membership != .invite { joinsAwaitingSync.remove(room.roomID) }
            }
            announceInvites(newInvites)
            firstSyncNotice?.cancel()
            firstSyncNotice = nil
            if !result.hasMore { awaitsFirstSync = false }
            if announcedFirstSync {
                announcedFirstSync = false
                report(Report(content: .firstSyncFinished(roomCount: result.rooms.count), location: nil))
            }
            keep(result)
            logMalformed(result.messages)
            // Before showing what came: it may have brought devices, or their verification.
            await loadDeviceTrust()
            await showArrived(result.messages)
            await showChanges(result)
            followArrivals(result.messages)
            for (roomID, userIDs) in result.typing {
                typingUserIDs[roomID] = userIDs.filter { $0 != session?.userID }
            }
            // Last, so `/wait sync` ends after what the response brought is on the screen.
            syncStatus = .live
            appliedSyncCount += 1
        case .decrypted(let result):
            keep(result)
            await showChanges(result)
        case .markedRead(let roomID):
            clearCounts(of: roomID)
        case .messageSent(_, let roomID, _):
            sendReportCount += 1
            ownMessageLanded(in: roomID)
        case .sendFailed:
            sendReportCount += 1
            applySendReport(event)
        case .syncFailed(let error, let delay):
            logger.notice("Sync failed (\(ErrorCodes.code(for: error))); retrying in \(delay)")
            let retryAt = Date().addingTimeInterval(TimeInterval(delay.components.seconds))
            if case .transport = error { syncStatus = .offline(retryAt: retryAt) } else { syncStatus = .failing(retryAt: retryAt) }
            // Retried like any failure (the server may be upgraded), but said once: the prompt's
            // "failing" alone would not tell what to do.
            if error == .slidingSyncUnavailable, !toldSlidingSyncUnavailable {
                toldSlidingSyncUnavailable = true
                report(Report(content: .slidingSyncUnavailable, location: nil))
            }
        case .sessionEnded(let signOut):
            guard let ended = session, !isLoggingOut else { return }
            logger.notice("The homeserver signed out \(ended.userID) (device \(ended.deviceID), \(signOut.rawValue))")
            report(Report(content: .sessionEnded(userID: ended.userID), location: nil))
            await keepSignedOut(ended, signOut)
        case .verificationChanged(let summary):
            await applyVerificationChange(summary)
        case .secretsArrived(let arrival):
            await applySecretsArrival(arrival)
        case .identitiesChanged(let userIDs):
            // Their devices lost their trust: marks shown from now on say so.
            await loadDeviceTrust()
            for userID in userIDs { report(Report(content: .identityChanged(userID: userID), location: nil)) }
        case .firstSyncIsSlow:
            firstSyncNotice = nil
            guard appliedSyncCount == 0, !announcedFirstSync else { return }
            announcedFirstSync = true
            report(Report(content: .firstSyncUnderway, location: nil))
        case .receiptDue(let roomID):
            guard pendingReceipt?.roomID == roomID else { return }
            sendPendingReceipt()
        case .scheduledLineDue(let id):
            await runScheduledLine(id)
        }
    }

    /// A session starts from nothing shown: its services are built, its store opened and what
    /// it holds shown at once, and syncing starts from its token. Those of an earlier session end
    /// first, so two never write one store.
    func startSync(for session: Session) async {
        await stopSyncAndWait()
        await startServices(for: session)
    }

    private func startServices(for session: Session) async {
        let services = environment.makeSessionServices(session, profile.settings)
        self.services = services
        let store: StoreWriter
        do {
            store = try environment.openStore(session)
        } catch {
            return failStore(of: session, error)
        }
        // The device's keys are read beside the rooms, on another core: both are on the way to a
        // one-shot run's first command.
        async let machine = services.makeCrypto(store)
        let isFirstSync: Bool
        do {
            rooms = Dictionary(uniqueKeysWithValues: try await store.rooms().map { ($0.roomID, $0) })
            isFirstSync = try await !store.syncPositions().hasSynced
        } catch {
            _ = await machine
            return failStore(of: session, error)
        }
        self.store = store
        awaitsFirstSync = isFirstSync
        crypto = await machine
        await crypto?.setExcludesInsecureDevices(profile.settings.excludeInsecureDevices)
        await startVerifications(store: store, services: services)
        // An earlier run may have asked other devices for secrets that come in this one.
        awaitsSecrets = await crypto?.awaitsSecrets ?? false
        await loadDeviceTrust()
        // The first request catches up at once: a long poll from a stored token would keep the
        // prompt at "syncing…" for its 30 s whenever nothing is new.
        restartSync(for: session, catchingUpNow: true)
        if isFirstSync { announceSlowFirstSync() }
        let generation = serviceGeneration
        let queue = SendQueue(store: store, send: services.makeSender(store, crypto), clock: environment.clock) { [weak self] event in
            await self?.apply(event, from: generation)
        }
        sendQueue = queue
        sendTask = Task { await queue.run() }
    }

    /// The session stays without its store: commands that need it say so (`storeFailed`).
    private func failStore(of session: Session, _ error: any Error) {
        logger.error("The store of \(session.userID) could not be opened or read: \(String(describing: error))")
        storeFailed = true
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
        guard let store, let services else { return }
        let previous = syncTask
        // A failing catch-up is not waited for: it may retry for as long as the server is away,
        // and the new loop asks from the same token.
        if syncLoopPolls || cancellingCatchUp || syncStatus.isRetrying { previous?.cancel() }
        if !(quietly && syncStatus == .live) { syncStatus = .catchingUp(since: Date()) }
        syncRun += 1
        syncLoopPolls = syncsLive
        let generation = serviceGeneration, run = syncRun
        let loop = SyncLoop(request: services.sync, store: store, crypto: crypto, verifications: verifications, userID: session.userID,
                            catchesUpFirst: catchingUpNow, keepsPolling: syncsLive, clock: environment.clock) { [weak self] event in
            await self?.apply(event, from: generation, syncRun: run)
        }
        syncTask = Task { [weak self] in
            // Stopping the new loop stops the one it waits for too.
            await withTaskCancellationHandler {
                await previous?.value
                await loop.run()
            } onCancel: {
                previous?.cancel()
            }
            self?.endedSyncRun = max(self?.endedSyncRun ?? 0, run)
        }
    }

    /// Tells sync which room is open when that changed, after each command: sliding sync follows
    /// it with its full timeline, so a burst of messages there comes whole. A long-poll under way
    /// gives way to a request that says so; a loop that only catches up says it next time.
    func followOpenRoom() async {
        guard let services, let session, followedRoom?.roomID != currentRoomID || followedRoom?.generation != serviceGeneration
        else { return }
        followedRoom = (currentRoomID, serviceGeneration)
        if await services.followRoom(currentRoomID), syncLoopPolls, self.session == session {
            restartSync(for: session, catchingUpNow: true, quietly: true)
        }
    }

    /// Mentions and direct messages from others ask for attention once each, by the counts the
    /// server keeps (its push rules decide what is a mention). Rooms seen for the first time do
    /// not: what waited before start is no news.
    private func askForAttention(_ result: SyncResult) async {
        guard profile.settings.notify != .off else { return }
        for room in result.rooms {
            guard let before = rooms[room.roomID] else { continue }
            let isMention = room.highlightCount > before.highlightCount
            guard isMention || room.isDirect && room.notificationCount > before.notificationCount,
                  let message = result.messages.last(where: { $0.roomID == room.roomID && $0.sender != session?.userID }) else { continue }
            let members = (try? await store?.members(of: room.roomID)) ?? []
            let sender = MemberNames.unique(members)[message.sender] ?? message.sender
            report(Report(content: .attention(Attention(roomName: RoomName.of(room), senderName: sender, body: message.body, isMention: isMention)),
                          location: nil))
        }
    }

    /// Names where a malformed event came and which field did not fit: never its content, which
    /// is the sender's (and may be what made it malformed).
    func logMalformed(_ messages: [MessageRecord]) {
        for message in messages {
            guard let field = message.malformedField else { continue }
            logger.warning("Malformed event \(message.eventID) in \(message.roomID): \(field) does not fit")
        }
    }

    /// A first sync of a large account can take minutes: past a short wait, say so once, so an
    /// empty `/rooms` is not taken for an empty account; the prompt counts the seconds.
    private func announceSlowFirstSync() {
        // Cancelled once the first sync is applied: nothing to say then.
        firstSyncNotice = schedule(.firstSyncIsSlow, after: firstSyncNoticeDelay)
    }

    /// Keeps the rooms held in memory in step with the store: a gap empties a room's timeline
    /// (and, for the open room, says so and moves `/history` to the gap), new messages join it.
    private func keep(_ result: SyncResult) {
        for roomID in result.gaps {
            timelines[roomID]?.startOver()
            guard roomID == currentRoomID else { continue }
            historyCursor = result.messages.first { $0.roomID == roomID }?.seq
            report(Report(content: .gap(roomName: rooms[roomID].map(RoomName.of) ?? roomID), location: nil))
        }
        // The timelines held are the rooms' main ones: thread messages stay in the store.
        for (roomID, messages) in Dictionary(grouping: result.messages.filter { $0.threadRoot == nil }, by: \.roomID) {
            timelines[roomID]?.append(messages)
        }
        for message in result.changedMessages {
            timelines[message.roomID]?.update(message)
        }
        // Our own messages keep the number they were shown with while pending.
        for message in result.messages {
            if let transactionID = message.transactionID { references.confirm(transactionID: transactionID, as: message.eventID) }
        }
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
        let tasks = stoppedTasks
        stoppedTasks = []
        for task in tasks { await task.value }
    }

    /// The session's services go and the rooms, timelines and numbers shown of it with them.
    func stopSync() {
        stopServices()
        // Its event would be dropped anyway; the timer need not wait for it.
        firstSyncNotice?.cancel()
        firstSyncNotice = nil
        awaitsFirstSync = false
        rooms = [:]
        currentRoomID = nil
        currentThreadRoot = nil
        memberNames = [:]
        timelines = [:]
        references = ReferenceTable()
        echoedEdits = [:]
        joinsAwaitingSync = []
        searchResults = [:]
        shownSpaceRooms = []
        deviceTrust = DeviceTrust()
        typingUserIDs = [:]
        typingNotice = nil
        announcedFirstSync = false
    }

    /// The session's services are rebuilt under new network settings (`/set ca_file`,
    /// `request_timeout`) while what is shown stays: the old ones end first, so two never write.
    func renewServices(for session: Session) async {
        stopServices()
        await retireStoppedTasks()
        guard self.session == session else { return }
        await startServices(for: session)
    }

    /// Cancels the session's tasks and drops its services; what they report from now on is dropped.
    private func stopServices() {
        serviceGeneration += 1
        stoppedTasks += [syncTask, sendTask].compactMap { $0 }
        syncTask?.cancel()
        syncTask = nil
        sendTask?.cancel()
        sendTask = nil
        sendQueue = nil
        services = nil
        store = nil
        storeFailed = false
        crypto = nil
        if let verifications { Task { await verifications.stop() } }
        verifications = nil
        verificationSummaries = [:]
        shownVerificationStates = [:]
        awaitedVerificationSteps = []
        pendingReceipt?.timer.cancel()
        pendingReceipt = nil
        syncStatus = .stopped
    }
}
