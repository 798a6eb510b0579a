import Foundation

/// Read receipts and the read marker: `/open` and `/read` mark a room read up to its newest
/// message, and new messages of the open room follow, a burst in one request.
extension AppState {
    /// `/read`: the open room, or the one named like `/open` names rooms.
    func markRead(_ target: String?, in context: CommandContext) async -> Bool {
        let room: RoomRecord
        switch namedOrOpenRoom(target, in: context, findingBy: { RoomLookup.find($0, in: RoomOrder.sorted(Array(rooms.values))) }) {
        case .success(let found): room = found
        case .failure(let error): return finish(.failure(error))
        }
        let session = context.signedIn
        var newest = timelines[room.roomID]?.messages.last
        if newest == nil { newest = (try? await session.store.messages(in: room.roomID, before: nil, limit: 1))?.last }
        if let eventID = newest?.eventID {
            do {
                try await session.services.rooms.markRead(eventID, in: room.roomID, receipt: receiptType)
            } catch {
                return finish(.failure(.matrix(error)))
            }
            clearCounts(of: room.roomID)
        }
        return finish(.markedRead(roomName: RoomName.of(room)))
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
