import Foundation
import MatrixClient

/// Read receipts and the read marker: `/read` marks a room read up to its newest message at
/// once; `/open` and new messages of the open room do so a moment later, a burst in one request.
extension AppState {
    /// `/read`: the open room, or the one named like `/open` names rooms.
    func markRead(_ target: String?, in context: CommandContext) async -> Bool {
        let room: RoomRecord
        switch namedOrOpenRoom(target, in: context, findingBy: { RoomLookup.find($0, in: RoomOrder.sorted(Array(state.rooms.values))) }) {
        case .success(let found): room = found
        case .failure(let error): return finish(.failure(error))
        }
        let session = context.signedIn
        let before = state.rooms[room.roomID]
        var newest = state.timelines[room.roomID]?.messages.last
        if newest == nil { newest = (try? await session.store.messages(in: room.roomID, before: nil, limit: 1))?.last }
        if let eventID = newest?.eventID {
            do {
                try await session.services.rooms.markRead(eventID, in: room.roomID, receipt: receiptType)
            } catch {
                return finish(.failure(.matrix(error)))
            }
            // Counts a sync brought meanwhile are the server's, and may count what came after
            // the message marked: they stand, until the server sends those after the receipt.
            if state.rooms[room.roomID] == before { clearCounts(of: room.roomID) }
        }
        clearUnreadMark(of: room.roomID)
        return finish(.room(.markedRead(roomName: RoomName.text(of: room))))
    }

    /// `/unread-mark`: the open room, or the one named; every client of the account shows it
    /// unread until it is opened or read.
    func markUnread(_ target: String?, in context: CommandContext) async -> Bool {
        let room: RoomRecord
        switch namedOrOpenRoom(target, in: context, findingBy: { RoomLookup.find($0, in: RoomOrder.sorted(Array(state.rooms.values))) }) {
        case .success(let found): room = found
        case .failure(let error): return finish(.failure(error))
        }
        do {
            try await context.signedIn.services.rooms.setMarkedUnread(true, in: room.roomID)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        // Kept and shown at once; sync brings the same back.
        try? await context.signedIn.store.setMarkedUnread(true, of: room.roomID)
        commit { $0.rooms[room.roomID]?.isMarkedUnread = true }
        return finish(.room(.markedUnread(roomName: RoomName.text(of: room))))
    }

    /// Opening or reading a room marked unread takes the mark away, as Element X does. The
    /// request goes in the background: one that fails leaves the mark on the server, which the
    /// next start shows again.
    func clearUnreadMark(of roomID: String) {
        guard state.rooms[roomID]?.isMarkedUnread == true, let rooms = state.services?.rooms, let store = state.store else { return }
        commit { state in
            state.rooms[roomID]?.isMarkedUnread = false
            state.unreadMarksTakingOff.insert(roomID)
        }
        let logger = logger
        perform {
            do throws(MatrixError) {
                try await rooms.setMarkedUnread(false, in: roomID)
                // After any response sync stored before the server had it.
                try? await store.setMarkedUnread(false, of: roomID)
            } catch {
                logger.notice("Taking the unread mark off \(roomID) failed (\(ErrorCodes.code(for: error)))")
            }
            return .unreadMarkTakenOff(roomID: roomID)
        }
    }

    /// For `/open` and arrivals: the receipt goes in the background, so no command waits for it.
    /// One that does not go through is no reason to fail a command, nor worth a line; the next
    /// one covers it.
    func markReadInBackground(_ roomID: String, upTo eventID: String?) {
        guard let eventID, let rooms = state.services?.rooms else { return }
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
        commit { state in
            state.rooms[roomID]?.notificationCount = 0
            state.rooms[roomID]?.highlightCount = 0
        }
    }

    private var receiptType: ReceiptType { state.profile.settings.privateReceipts ? .private : .public }

    /// The open room is read up to its newest message (it was opened, or others wrote in it): its
    /// receipt goes `Tuning.readMarkDelay` from now, one request for whatever arrives meanwhile. A
    /// receipt still waiting for another room goes at once, since that room was read.
    func markReadSoon(_ roomID: String) {
        if let pending = state.runtime?.pendingReceipt {
            guard pending.roomID != roomID else { return }
            sendPendingReceipt()
        }
        guard state.runtime != nil else { return }
        let timer = schedule(.receiptDue(roomID: roomID), after: environment.tuning.readMarkDelay)
        commit { $0.runtime?.pendingReceipt = PendingReceipt(roomID: roomID, timer: timer) }
    }

    /// Sends the waiting receipt now: its delay is up, the script ends, or `/wait sync` wants the
    /// server to count it. None for a room whose newest message is the user's own (see below).
    func sendPendingReceipt() {
        guard let pending = state.runtime?.pendingReceipt else { return }
        pending.timer.cancel()
        commit { $0.runtime?.pendingReceipt = nil }
        guard let newest = state.timelines[pending.roomID]?.messages.last, newest.sender != state.session?.userID else { return }
        markReadInBackground(pending.roomID, upTo: newest.eventID)
    }

    /// The server has a message the user sent: by the spec, sending marks the room read up to it
    /// (and clients should not send receipts for their own messages), so a receipt still waiting
    /// for an older message is not needed. A one-shot `/open` and send makes one request, not two.
    func ownMessageLanded(in roomID: String) {
        guard let pending = state.runtime?.pendingReceipt, pending.roomID == roomID else { return }
        pending.timer.cancel()
        commit { $0.runtime?.pendingReceipt = nil }
        clearCounts(of: roomID)
    }

    /// Messages from others arrived in the open room: it is marked read soon, once for all that
    /// arrive meanwhile.
    func followArrivals(_ messages: [MessageRecord]) {
        guard let roomID = state.currentRoomID,
              messages.contains(where: { $0.roomID == roomID && $0.sender != state.session?.userID }) else { return }
        markReadSoon(roomID)
    }
}

/// A receipt waiting for its delay, and the timer that sends it.
struct PendingReceipt {
    let roomID: String
    let timer: Task<Void, Never>
}
