import Foundation
import MatrixClient

extension AppState {
    func send(_ action: MessageAction, in room: RoomContext) async -> Bool {
        switch action {
        case .send(let text): await sendMessage(text, msgtype: "m.text", in: room)
        case .emote(let text): await sendMessage(text, msgtype: "m.emote", in: room)
        case .notice(let text): await sendMessage(text, msgtype: "m.notice", in: room)
        case .plain(let text): await sendMessage(text, msgtype: "m.text", format: .plain, in: room)
        case .html(let text): await sendMessage(text, msgtype: "m.text", format: .html, in: room)
        }
    }

    /// A plain line: written to the outbox first, then sent by the queue.
    /// A line for the open room, or for its open thread after `/thread`.
    func sendMessage(_ text: String, msgtype: String, format: MessageFormat = .markdown, in room: RoomContext) async -> Bool {
        await queueMessage(text, msgtype: msgtype, in: room, relation: await threadRelation(in: room.roomID), format: format)
    }

    /// What a new message of the room goes out with: a place in the open thread, if one is open.
    func threadRelation(in roomID: String) async -> MessageRelation? {
        guard let root = state.currentThreadRoot else { return nil }
        return .thread(root: root, latest: await latestMessage(inThread: root, of: roomID))
    }

    /// Writes a message (a reply or an edit too) to the outbox and shows it as pending. A new
    /// message takes the room's draft with it; an edit leaves the draft alone. An edit shows as
    /// the message it changes (`editing`), under its number, as edits from others do.
    /// One too large to be sent is not taken, and its text becomes the draft, so nothing is lost.
    func queueMessage(_ text: String, msgtype: String, in room: RoomContext, relation: MessageRelation? = nil, format: MessageFormat = .markdown,
                      quoting parent: MessageRecord? = nil, editing original: MessageRecord? = nil, media: MediaInfo? = nil) async -> Bool {
        let content = format.content(for: text, markdownEnabled: state.profile.settings.markdown)
        let now = environment.clock.date
        var entry = OutboxEntry(transactionID: TransactionID.make(at: now), roomID: room.roomID, relation: relation, msgtype: msgtype,
                                body: content.body, formattedBody: content.formattedBody, media: media, createdAt: now.matrixTimestamp)
        // What was previewed while it was typed goes with it; nothing waits for a preview.
        if media == nil { entry.previews = readyPreviews(for: content.body, in: room.roomID) }
        let bytes = EventSizeLimit.bytes(of: OutgoingContent.content(for: entry), encrypted: state.rooms[room.roomID]?.encryption != nil)
        guard bytes <= EventSizeLimit.contentBytes else { return await keepAsDraft(text, of: entry, bytes: bytes, in: room) }
        do {
            try await room.store.enqueue(entry, clearingDraft: relation == nil || relation?.threadRoot != nil || parent != nil)
        } catch {
            return finish(.failure(.notQueued))
        }
        await state.sendQueue?.wake()
        if let original {
            var edited = view(of: original)
            (edited.body, edited.formattedBody, edited.isEdited, edited.isPending) = (RemoteText(entry.body), entry.formattedBody.map { RemoteText($0) }, true, true)
            // Sync brings the edit back: it was shown here, so it is not shown again.
            commit { $0.echoedEdits[original.eventID] = entry.body }
            return finish(.message(.queued(edited)))
        }
        var pending = view(entry, sender: room.session.userID)
        pending.replyQuote = parent.map(replyQuote(of:))
        return finish(.message(.queued(pending)))
    }

    /// A message too large to send, refused with its text kept as the draft of where it was typed.
    private func keepAsDraft(_ text: String, of entry: OutboxEntry, bytes: Int, in room: RoomContext) async -> Bool {
        let draft = DraftRecord(roomID: room.roomID, threadRoot: entry.relation?.threadRoot ?? state.currentThreadRoot ?? "", body: text,
                                updatedAt: entry.createdAt)
        do {
            try await room.store.saveDraft(draft)
        } catch {
            return finish(.failure(.notQueued))
        }
        return finish(.failure(.messageTooLarge(bytes: bytes, limit: EventSizeLimit.contentBytes)))
    }

    /// Messages new to the open room print (see `isArrival`), as the thread or room open now
    /// shows them: their surroundings were read before, for those that were new then.
    func showArrived(_ messages: [MessageRecord], with surroundings: MessageSurroundings) {
        let arrived = messages.filter(isArrival)
        // Inside a thread its own messages need no mark; the room's others say where they belong.
        let root = state.currentThreadRoot
        let inThread = root.map { root in arrived.filter { $0.threadRoot == root } } ?? []
        let elsewhere = arrived.filter { root == nil || $0.threadRoot != root }
        let shown = views(of: inThread, with: surroundings.insideThread) + views(of: elsewhere, with: surroundings)
        for view in shown.sorted(by: { $0.timestamp < $1.timestamp }) {
            report(Report(content: .message(view), location: nil))
            commit { state in
                state.arrivals.count += 1
                state.arrivals.recent = Array((state.arrivals.recent + [view.body.unsanitized]).suffix(100))
            }
        }
    }

    func applySendReport(_ event: ClientEvent) {
        guard case .sendFailed(let transactionID, let roomID, let error, let delay) = event else { return }
        logger.notice("Sending \(transactionID) failed (\(ErrorCodes.code(for: error)))")
        report(Report(content: .sendProblem(transactionID: transactionID, roomID: roomID, error, retryIn: delay), location: nil))
    }

    func view(_ entry: OutboxEntry, sender: String) -> MessageView {
        var view = MessageView(roomID: entry.roomID, eventID: nil, transactionID: entry.transactionID, sender: sender,
                               senderName: name(of: sender), msgtype: entry.msgtype, body: RemoteText(entry.body),
                               formattedBody: entry.formattedBody.map { RemoteText($0) }, timestamp: entry.createdAt, isPending: true)
        view.media = entry.media
        view.previews = entry.previews ?? []
        view.reference = commit { $0.references.number(forPending: entry.transactionID) }
        // The send queue encrypts it for an encrypted room, from this device.
        if state.rooms[entry.roomID]?.encryption != nil { view.encryption = .trusted }
        return view
    }
}
