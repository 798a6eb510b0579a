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
        do {
            try await sendReadMarkers(for: room.roomID, in: context.signedIn.store)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        return finish(.markedRead(roomName: RoomName.of(room)))
    }

    /// Sends the receipt and read marker for the room's newest message, then clears its counts,
    /// so the prompt follows before the next sync brings the server's own.
    func sendReadMarkers(for roomID: String, in store: StoreWriter) async throws(MatrixError) {
        guard let services else { return }
        var newest = timelines[roomID]?.messages.last
        if newest == nil { newest = (try? await store.messages(in: roomID, before: nil, limit: 1))?.last }
        guard let eventID = newest?.eventID else { return }
        let receipt: ReceiptType = profile.settings.privateReceipts ? .private : .public
        try await services.rooms.markRead(eventID, in: roomID, receipt: receipt)
        rooms[roomID]?.notificationCount = 0
        rooms[roomID]?.highlightCount = 0
    }

    /// For `/open` and arrivals: a receipt that does not go through is no reason to fail the
    /// command, nor worth a line; the next one covers it.
    func markReadQuietly(_ roomID: String, in store: StoreWriter) async {
        do {
            try await sendReadMarkers(for: roomID, in: store)
        } catch {
            logger.notice("Marking \(roomID) read failed (\(ErrorCodes.code(for: error)))")
        }
    }

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
            guard roomID == self.currentRoomID, let store = self.store else { return }
            await self.markReadQuietly(roomID, in: store)
        }
    }
}
