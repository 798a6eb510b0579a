import Foundation

extension AppState {
    /// What a service reports, unless it belongs to services since stopped (a response that
    /// arrived just as the user logged out).
    func apply(_ event: ClientEvent, from generation: Int) {
        guard generation == serviceGeneration else { return }
        apply(event)
    }

    /// Applies what a service reports. Only the main actor runs this, like `send`.
    public func apply(_ event: ClientEvent) {
        switch event {
        case .synced(let result):
            if case .offline = syncStatus {
                // The server is back: what waits in the outbox need not wait out its retry delay.
                let queue = sendQueue
                Task { await queue?.retryNow() }
            }
            for room in result.rooms {
                // A mention elsewhere is worth a line; the open room shows its messages anyway.
                if room.roomID != currentRoomID, room.highlightCount > (rooms[room.roomID]?.highlightCount ?? 0) {
                    report(Report(content: .mentioned(roomName: RoomName.of(room), count: room.highlightCount), location: nil))
                }
                rooms[room.roomID] = room
            }
            syncStatus = .live
            appliedSyncCount += 1
            showArrived(result.messages)
        case .messageSent, .sendFailed:
            applySendReport(event)
        case .syncFailed(let error, let delay):
            logger.notice("Sync failed (\(ErrorCodes.code(for: error))); retrying in \(delay)")
            syncStatus = .offline(retryAt: Date().addingTimeInterval(TimeInterval(delay.components.seconds)))
        case .sessionEnded:
            guard let ended = session else { return }
            logger.notice("The homeserver ended the session of \(ended.userID)")
            Task { await self.forgetSession() }
            report(Report(content: .sessionEnded(userID: ended.userID), location: nil))
        }
    }

    /// Opens the session's store, shows what it holds at once, and starts syncing from its token.
    func startSync(for session: Session) async {
        stopSync()
        let store: StoreWriter
        do {
            store = try environment.openStore(session)
            rooms = Dictionary(uniqueKeysWithValues: try await store.rooms().map { ($0.roomID, $0) })
        } catch {
            logger.error("The store of \(session.userID) could not be opened: \(String(describing: error))")
            return
        }
        self.store = store
        restartSync(for: session)
        let generation = serviceGeneration
        let queue = SendQueue(store: store, send: environment.makeSender(session, profile.settings)) { [weak self] event in
            await self?.apply(event, from: generation)
        }
        sendQueue = queue
        sendTask = Task { await queue.run() }
    }

    /// A new sync loop on the open store, from its token; the old one, waiting or not, ends.
    /// With `catchingUpNow`, its first request asks for what is new without waiting for news.
    func restartSync(for session: Session, catchingUpNow: Bool = false) {
        guard let store else { return }
        syncTask?.cancel()
        syncStatus = .catchingUp
        let generation = serviceGeneration
        let loop = SyncLoop(request: environment.makeSync(session, profile.settings), store: store, userID: session.userID,
                            catchesUpFirst: catchingUpNow) { [weak self] event in
            await self?.apply(event, from: generation)
        }
        syncTask = Task { await loop.run() }
    }

    func stopSync() {
        serviceGeneration += 1
        syncTask?.cancel()
        syncTask = nil
        sendTask?.cancel()
        sendTask = nil
        sendQueue = nil
        store = nil
        rooms = [:]
        currentRoomID = nil
        memberNames = [:]
        syncStatus = .stopped
    }
}
