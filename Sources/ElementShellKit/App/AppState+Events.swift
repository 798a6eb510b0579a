import Foundation
import MatrixClient

/// Applying what services and timers report. What an event needs from the store or the crypto
/// machine is read first (`gather`); then it is applied in one synchronous step, to the state
/// as it stands after those reads: a command that opened another room meanwhile, or a sync
/// applied meanwhile, is seen, never overwritten with what was read before.
extension AppState {
    /// What a service reports, unless it belongs to services since stopped (a response that
    /// arrived just as the user logged out). A sync loop's own run is named too: one that was
    /// replaced (`/reconnect`, `/wait sync`) may still report what it committed, which is shown,
    /// but no longer its failures, and its responses do not count for `/wait sync`.
    func apply(_ event: AppEvent, from generation: Int, syncRun: Int? = nil) async {
        guard generation == state.serviceGeneration else { return }
        if let syncRun, case .client(.syncFailed) = event, syncRun != state.syncRun { return }
        await applyInOrder(event) { [unowned self] in
            // The services may have stopped while earlier events or the store were read.
            guard generation == state.serviceGeneration else { return false }
            if let syncRun, case .client(.synced(let result)) = event, !result.hasMore {
                // A response with more to come at once has not caught up yet.
                commit { $0.latestSyncedRun = max($0.latestSyncedRun, syncRun) }
            }
            return true
        }
    }

    /// What a service of the running session reported, from its `generation`.
    func apply(_ event: ClientEvent, from generation: Int, syncRun: Int? = nil) async {
        await apply(.client(event), from: generation, syncRun: syncRun)
    }

    /// Applies an event. Only the main actor runs this, like `send`.
    public func apply(_ event: AppEvent) async {
        await applyInOrder(event) { true }
    }

    /// Applies what a service reports.
    public func apply(_ event: ClientEvent) async {
        await apply(.client(event))
    }

    /// Applies `event` if `stillApplies`. One that needs reads first (`gather`) is applied after
    /// every such event reported before it (`EventOrder`), and is checked once its reads are done.
    /// The rest need no reads and are applied at once, so whoever reported them (the send queue,
    /// a timer) goes on only when the state shows them. An end of session and a scheduled command
    /// wait for commands and stops, which may in turn wait for events.
    private func applyInOrder(_ event: AppEvent, if stillApplies: @escaping @MainActor () -> Bool) async {
        switch event {
        case .client(let reported):
            switch reported {
            case .synced, .decrypted, .verificationChanged, .secretsArrived, .identitiesChanged:
                await eventOrder.run { [unowned self] in
                    let gathered = await gather(for: reported)
                    guard stillApplies() else { return }
                    apply(reported, with: gathered)
                }
            case .sessionEnded(let signOut):
                guard stillApplies() else { return }
                await endSession(signOut)
            case .messageSent, .sendFailed, .syncFailed, .sentDespiteIdentityReset, .historyShared:
                guard stillApplies() else { return }
                apply(reported, with: Gathered())
            }
        case .scheduledLineDue(let id):
            // A command, run like a typed one.
            guard stillApplies() else { return }
            await runScheduledLine(id)
        case .previewDue(let url, let roomID):
            guard stillApplies() else { return }
            previewDue(url, in: roomID)
        case .previewFetched(let url, let preview):
            guard stillApplies() else { return }
            previewFetched(url, preview)
        case .markedRead(let roomID):
            guard stillApplies() else { return }
            clearCounts(of: roomID)
        case .unreadMarkTakenOff(let roomID):
            guard stillApplies() else { return }
            commit { $0.unreadMarksTakingOff.remove(roomID) }
        case .firstSyncIsSlow:
            guard stillApplies() else { return }
            commit { $0.runtime?.firstSyncNotice = nil }
            guard state.appliedSyncCount == 0, !state.announcedFirstSync else { return }
            commit { $0.announcedFirstSync = true }
            report(Report(content: .firstSyncUnderway, location: nil))
        case .receiptDue(let roomID):
            guard stillApplies(), state.runtime?.pendingReceipt?.roomID == roomID else { return }
            sendPendingReceipt()
        }
    }

    /// The homeserver ended the session: it is kept as signed out.
    private func endSession(_ signOut: Session.SignOut) async {
        guard let ended = state.session, !state.isLoggingOut else { return }
        logger.notice("The homeserver signed out \(ended.userID) (device \(ended.deviceID), \(signOut.rawValue))")
        report(Report(content: .sessionEnded(userID: ended.userID), location: nil))
        await keepSignedOut(ended, signOut)
    }

    private func apply(_ event: ClientEvent, with gathered: Gathered) {
        switch event {
        case .synced(let result):
            applySync(result, gathered)
        case .decrypted(let result):
            keep(result)
            show(gathered.changes, of: result)
        case .messageSent(let entry, let eventID):
            commit { state in
                state.sendReportCount += 1
                // Numbered while it was pending, it can be named by its number from now on.
                state.references.confirm(transactionID: entry.transactionID, as: eventID)
                if let sender = state.session?.userID { state.sentMessages.add(entry, as: eventID, sender: sender) }
            }
            ownMessageLanded(in: entry.roomID)
        case .sendFailed:
            commit { $0.sendReportCount += 1 }
            applySendReport(event)
        case .syncFailed(let error, let delay):
            applySyncFailure(error, retryIn: delay)
        case .sessionEnded:
            break  // not queued: see `applyInOrder`
        case .verificationChanged(let summary):
            applyVerificationChange(summary, gathered)
        case .secretsArrived(let arrival):
            // The device's new signatures and the identity it now trusts mark messages from now
            // on; `/wait secrets` ends unless more are due.
            useDeviceTrust(gathered.deviceTrust)
            commit { $0.awaitsSecrets = arrival.awaitsMore }
            report(Report(content: .secretsArrived(arrival), location: nil))
        case .identitiesChanged(let changes):
            // Their devices lost their trust: marks shown from now on say so.
            useDeviceTrust(gathered.deviceTrust)
            for change in changes {
                report(Report(content: .identityChanged(userID: change.userID, wasVerified: change.wasVerified,
                                                        rooms: change.sharedRoomIDs.map(roomName(of:))), location: nil))
            }
        case .historyShared(let imports):
            reportHistoryImports(imports)
        case .sentDespiteIdentityReset(let roomID, let userIDs):
            report(Report(content: .sentDespiteIdentityReset(userIDs: userIDs, room: roomName(of: roomID)), location: nil))
        }
    }

    /// For a screen reader, news in a room other than the open one, before sync's counts are
    /// committed: a new mention at once, more messages at most once a minute per room. Not
    /// from the run's first sync, which brings what piled up meanwhile (`/unread` lists that).
    private func announceNews(of room: RoomRecord) {
        let known = state.rooms[room.roomID]
        let now = environment.clock.date
        guard state.appliedSyncCount > 0, room.membership == .join else { return }
        let newMentions = room.highlightCount > (known?.highlightCount ?? 0)
        let moreMessages = room.notificationCount > (known?.notificationCount ?? 0)
        let quiet = state.newsAnnounced[room.roomID].map { now.timeIntervalSince($0) < Self.newsInterval } ?? false
        guard newMentions || (moreMessages && !quiet) else { return }
        commit { $0.newsAnnounced[room.roomID] = now }
        report(Report(content: .news(roomName: RoomName.text(of: room), messages: room.notificationCount, mentions: room.highlightCount), location: nil))
    }

    /// Seconds between two announcements of more messages in the same room.
    nonisolated static let newsInterval: TimeInterval = 60

    /// A stored sync response, shown and counted in one step.
    private func applySync(_ result: SyncResult, _ gathered: Gathered) {
        if state.syncStatus.isRetrying {
            // The server is back: what waits in the outbox need not wait out its retry delay.
            let queue = state.sendQueue
            Task { await queue?.retryNow() }
        }
        // Names first, so a newcomer's first message already shows their name.
        if let names = gathered.memberNames, names.roomID == state.currentRoomID {
            commit { state in
                state.memberNames = names.names
                state.memberNamesSynced += 1
            }
        }
        if let rules = result.pushRules { use(rules) }
        if let ignored = result.ignoredUsers { useIgnoredUsers(ignored) }
        askForAttention(result, senderNames: gathered.attentionSenders)
        // Which counts moved, by room ID: what a prompt that stood still did not show.
        logger.debug("""
            Applied a sync of \(result.rooms.count) rooms and \(result.messages.count) messages; unread now \(
                result.rooms.filter { $0.notificationCount != state.rooms[$0.roomID]?.notificationCount }
                    .map { "\($0.roomID)=\($0.notificationCount)" }.joined(separator: " "))
            """)
        // Invites the store did not hold as such: told once the rooms stand as sync left them.
        let newInvites = result.rooms.filter { $0.membership == .invite && state.rooms[$0.roomID]?.membership != .invite }
        let known = state.rooms
        // A mention elsewhere is worth a line; the open room shows its messages anyway.
        let alerts = alerts(in: result)
        for room in result.rooms where room.roomID != state.currentRoomID {
            if state.profile.settings.screenReader {
                announceNews(of: room)
            } else if let alert = alerts[room.roomID], alert.mentions > 0 {
                // The server's count, where it keeps one, may not see a mention in an encrypted room.
                report(Report(content: .mentioned(roomName: RoomName.text(of: room), count: max(room.highlightCount, alert.mentions)), location: nil))
            }
        }
        commit { state in
            for room in result.rooms {
                var room = room
                // The open room is read as it shows: counts the server (or the store, counting
                // from the last receipt) took before its new receipt do not stand.
                if room.roomID == state.currentRoomID { (room.notificationCount, room.highlightCount) = (0, 0) }
                // Made before the server took the mark off: the mark it brings is no more.
                if state.unreadMarksTakingOff.contains(room.roomID) { room.isMarkedUnread = false }
                // A room just joined or made is known here by what the command set, which this
                // sync, read before or during the creation, may not hold yet.
                if state.joinsAwaitingSync.contains(room.roomID), let known = state.rooms[room.roomID] { room = room.fillingIn(from: known) }
                state.rooms[room.roomID] = room
                if room.membership != .invite { state.joinsAwaitingSync.remove(room.roomID) }
                if room.membership == .leave { state.leavesAwaitingSync.remove(room.roomID) }
            }
            state.runtime?.firstSyncNotice?.cancel()
            state.runtime?.firstSyncNotice = nil
            if !result.hasMore { state.awaitsFirstSync = false }
        }
        announceInvites(newInvites)
        announceUpgrades(result.rooms, known: known)
        announceKnocks(result.knocks)
        if state.announcedFirstSync {
            commit { $0.announcedFirstSync = false }
            report(Report(content: .firstSyncFinished(roomCount: result.rooms.count), location: nil))
        }
        keep(result)
        logMalformed(result.messages)
        // Before showing what came: it may have brought devices, or their verification.
        useDeviceTrust(gathered.deviceTrust)
        showArrived(result.messages, with: gathered.arrivals)
        show(gathered.changes, of: result)
        followArrivals(result.messages)
        commit { state in
            for (roomID, userIDs) in result.typing {
                state.typingUserIDs[roomID] = userIDs.filter { $0 != state.session?.userID }
            }
            // Last, so `/wait sync` ends after what the response brought is on the screen.
            state.syncStatus = .live
            state.appliedSyncCount += 1
        }
    }

    private func applySyncFailure(_ error: MatrixError, retryIn delay: Duration) {
        logger.notice("Sync failed (\(ErrorCodes.code(for: error))); retrying in \(delay)")
        let retryAt = environment.clock.date.addingTimeInterval(TimeInterval(delay.components.seconds))
        commit { $0.syncStatus = if case .transport = error { .offline(retryAt: retryAt) } else { .failing(retryAt: retryAt) } }
        // Retried like any failure (the server may be upgraded), but said once: the prompt's
        // "failing" alone would not tell what to do.
        if error == .slidingSyncUnavailable, !state.toldSlidingSyncUnavailable {
            commit { $0.toldSlidingSyncUnavailable = true }
            report(Report(content: .slidingSyncUnavailable, location: nil))
        }
    }

    /// Messages from others that the push rules say ask for the user (a mention, or a rule with
    /// a sound: a direct chat by default, a keyword, a room set to all messages) ask for attention,
    /// once a room per sync. Rooms seen for the first time do not: what waited before start is no news.
    private func askForAttention(_ result: SyncResult, senderNames: [String: String]) {
        guard state.profile.settings.notify != .off else { return }
        let alerts = alerts(in: result)
        for room in result.rooms {
            guard let alert = alerts[room.roomID], alert.asksForAttention, let message = alert.message else { continue }
            report(Report(content: .attention(Attention(roomName: RoomName.text(of: room),
                                                        senderName: RemoteText(senderNames[room.roomID] ?? message.sender),
                                                        body: RemoteText(message.body), isMention: alert.mentions > 0)),
                          location: nil))
        }
    }

    /// What notifies in each room the sync brought news of, by the rules: the newest such message
    /// of others and how many of them were mentions. Rooms the run did not know yet ask for no
    /// attention: what waited before start is no news, but its mentions are named.
    func alerts(in result: SyncResult) -> [String: RoomAlert] {
        var alerts: [String: RoomAlert] = [:]
        for (roomID, alert) in result.alerts where state.rooms[roomID] != nil {
            alerts[roomID] = RoomAlert(message: alert.newest, mentions: alert.mentions, asksForAttention: alert.asksForAttention)
        }
        // A server that keeps counts judged by the same rules what it could read, which a sync
        // may not bring (a skipped timeline): its mentions count where the client saw none.
        for room in result.rooms where alerts[room.roomID]?.mentions ?? 0 == 0 {
            let before = state.rooms[room.roomID]
            guard room.highlightCount > before?.highlightCount ?? 0 else { continue }
            let message = result.messages.last { $0.roomID == room.roomID && $0.sender != state.session?.userID }
            alerts[room.roomID] = RoomAlert(message: message ?? alerts[room.roomID]?.message, mentions: room.highlightCount - (before?.highlightCount ?? 0),
                                            asksForAttention: before != nil)
        }
        return alerts
    }

    /// Names where a malformed event came and which field did not fit: never its content, which
    /// is the sender's (and may be what made it malformed).
    func logMalformed(_ messages: [MessageRecord]) {
        for message in messages {
            guard let field = message.malformedField else { continue }
            logger.warning("Malformed event \(message.eventID) in \(message.roomID): \(field) does not fit")
        }
    }

    /// Keeps the rooms held in memory in step with the store: a gap empties a room's timeline
    /// (and, for the open room, says so and moves `/history` to the gap), new messages join it.
    private func keep(_ result: SyncResult) {
        for roomID in result.gaps where roomID == state.currentRoomID {
            report(Report(content: .gap(roomName: roomName(of: roomID)), location: nil))
        }
        commit { state in
            for roomID in result.gaps {
                state.timelines[roomID]?.startOver()
                if roomID == state.currentRoomID { state.historyCursor = result.messages.first { $0.roomID == roomID }?.seq }
            }
            // The timelines held are the rooms' main ones: thread messages stay in the store.
            for (roomID, messages) in Dictionary(grouping: result.messages.filter { $0.threadRoot == nil }, by: \.roomID) {
                state.timelines[roomID]?.append(messages)
            }
            for message in result.changedMessages {
                state.timelines[message.roomID]?.update(message)
            }
            state.sentMessages.forget(result.messages)
            // Our own messages keep the number they were shown with while pending.
            for message in result.messages {
                if let transactionID = message.transactionID { state.references.confirm(transactionID: transactionID, as: message.eventID) }
            }
        }
    }
}
