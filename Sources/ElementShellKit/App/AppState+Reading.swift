import Foundation

/// Read receipts and the read marker: `/open` and `/read` mark a room read up to its newest
/// message, and new messages of the open room follow, a burst in one request.
extension AppState {
    /// `/read`: the open room, or the one named like `/open` names rooms.
    func markRead(_ target: String?) async -> Bool {
        guard let services, let store else { return finish("read", .failure(notLoggedIn)) }
        let room = target.map { RoomLookup.find($0, in: RoomOrder.sorted(Array(rooms.values))) }
            ?? currentRoomID.map { rooms[$0] ?? RoomRecord(roomID: $0, membership: .join) }
        guard let room else { return finish("read", .failure(target.map { .unknownRoom($0) } ?? .noRoomOpen)) }
        var newest = timelines[room.roomID]?.messages.last
        if newest == nil { newest = (try? await store.messages(in: room.roomID, before: nil, limit: 1))?.last }
        if let eventID = newest?.eventID {
            do {
                try await services.rooms.markRead(eventID, in: room.roomID, receipt: receiptType)
            } catch {
                return finish("read", .failure(.matrix(error)))
            }
            clearCounts(of: room.roomID)
        }
        return finish("read", .markedRead(roomName: RoomName.of(room)))
    }

    /// For `/open` and arrivals: the receipt goes in the background, so the next command (the
    /// line a script sends) need not wait for it. One that does not go through is no reason to
    /// fail the command, nor worth a line; the next one covers it.
    func markReadInBackground(_ roomID: String, upTo eventID: String?) {
        guard let eventID, let rooms = services?.rooms else { return }
        let receipt = receiptType, logger = logger
        perform {
            do throws(MatrixError) {
                try await rooms.markRead(eventID, in: roomID, receipt: receipt)
                return .markedRead(roomID: roomID)
            } catch {
                logger.notice("Marking \(roomID) read failed (\(ErrorCodes.code(for: error)))")
                return nil
            }
        }
    }

    /// The server has the receipt: the room's counts clear before the next sync brings its own,
    /// so the prompt follows at once.
    func clearCounts(of roomID: String) {
        rooms[roomID]?.notificationCount = 0
        rooms[roomID]?.highlightCount = 0
    }

    private var receiptType: ReceiptType { profile.settings.privateReceipts ? .private : .public }

    /// Messages from others arrived in the open room: it is marked read after a short wait, once
    /// for all that arrive meanwhile.
    func followArrivals(_ messages: [MessageRecord]) {
        guard pendingReadMark == nil, let roomID = currentRoomID,
              messages.contains(where: { $0.roomID == roomID && $0.sender != session?.userID }) else { return }
        let generation = serviceGeneration
        pendingReadMark = Task { [weak self, delay = readMarkDelay, clock = environment.clock] in
            try? await clock.sleep(for: delay)
            guard let self, generation == self.serviceGeneration else { return }
            self.pendingReadMark = nil
            guard roomID == self.currentRoomID else { return }
            self.markReadInBackground(roomID, upTo: self.timelines[roomID]?.messages.last?.eventID)
        }
    }
}
