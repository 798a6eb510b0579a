import MatrixClient
import MatrixJSON

extension AppState {
    func send(_ action: PinAction, in room: RoomContext) async -> Bool {
        switch action {
        case .list: await listPins(in: room)
        case .pin(let reference): await setPinned(true, reference, in: room)
        case .unpin(let reference): await setPinned(false, reference, in: room)
        }
    }

    /// The pins as the server has them now, each message from the store or else from the server
    /// (decrypted where the keys are here), numbered so the other commands can name them.
    private func listPins(in room: RoomContext) async -> Bool {
        let eventIDs: [String]
        do {
            eventIDs = try await pinnedEventIDs(in: room)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        let stored = (try? await room.store.messages(eventIDs: Set(eventIDs))) ?? [:]
        var found: [String: MessageRecord] = [:]
        for eventID in eventIDs where stored[eventID] == nil {
            if let message = await fetchedMessage(eventID, in: room) { found[eventID] = message }
        }
        let messages = eventIDs.compactMap { stored[$0] ?? found[$0] }
        let surroundings = await surroundings(of: messages)
        commit { state in
            for (eventID, message) in found where state.fetchedMessages[eventID] == nil { state.fetchedMessages[eventID] = message }
        }
        let views = Dictionary(uniqueKeysWithValues: zip(messages.map(\.eventID), self.views(of: messages, with: surroundings)))
        let pins = eventIDs.map { eventID in
            views[eventID].map(PinnedMessage.message) ?? .unavailable(eventID: eventID, number: commit { $0.references.number(for: eventID) })
        }
        return finish(.pin(.list(roomName: roomName(of: room.roomID), pins: pins)))
    }

    /// Pins or unpins a message, once the room's power levels let us change its pins: the list
    /// is read from the server and written back whole, with only this change.
    private func setPinned(_ pinned: Bool, _ reference: MessageReference, in room: RoomContext) async -> Bool {
        let eventID: String
        do throws(ShellError) {
            eventID = try await pinTarget(reference, pinning: pinned, in: room.roomID)
        } catch {
            return finish(.failure(error))
        }
        let service = room.services.rooms
        let record = state.rooms[room.roomID] ?? RoomRecord(roomID: room.roomID, membership: .join)
        let command = "/" + (pinned ? CommandName.pin : .unpin).rawValue
        do {
            var eventIDs = try await pinnedEventIDs(in: room)
            let number = state.references.number(ifShown: eventID)
            guard eventIDs.contains(eventID) != pinned else {
                if pinned {
                    return finish(.pin(.changed(number: number, eventID: eventID, isPinned: true, changed: false, count: eventIDs.count,
                                                roomName: roomName(of: room.roomID))))
                }
                return finish(.failure(.notPinned(reference.text)))
            }
            if let refusal = try await stateRefusal(Self.pinnedEventsType, in: record, command: command, as: room.session.userID, through: service) {
                return finish(.failure(refusal))
            }
            if pinned { eventIDs.append(eventID) } else { eventIDs.removeAll { $0 == eventID } }
            try await service.setState(Self.pinnedEventsType, stateKey: "", content: ["pinned": .array(eventIDs.map { .string($0) })], in: room.roomID)
            return finish(.pin(.changed(number: number, eventID: eventID, isPinned: pinned, changed: true, count: eventIDs.count,
                                        roomName: roomName(of: room.roomID))))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }

    /// The event a pin command names: a message of the room to pin; to unpin, also a pinned event
    /// that is no message here, by the number `/pins` gave it or its ID.
    private func pinTarget(_ reference: MessageReference, pinning: Bool, in roomID: String) async throws(ShellError) -> String {
        if let found = try await message(reference, newestIn: roomID), found.roomID == roomID { return found.eventID }
        guard !pinning else { throw .unknownMessage(reference.text) }
        switch reference {
        case .shown(let number): if let eventID = state.references.eventID(for: number) { return eventID }
        case .eventID(let eventID): return eventID
        case .latest: break
        }
        throw .unknownMessage(reference.text)
    }

    private func pinnedEventIDs(in room: RoomContext) async throws(MatrixError) -> [String] {
        let content = try await room.services.rooms.state(Self.pinnedEventsType, stateKey: "", of: room.roomID)
        return (content?["pinned"]?.array ?? []).compactMap(\.string)
    }

    /// A message the store does not hold, from the server, decrypted where the keys are here;
    /// `nil` when the server does not give it or it is no message.
    private func fetchedMessage(_ eventID: String, in room: RoomContext) async -> MessageRecord? {
        guard var event = try? await room.services.rooms.event(eventID, in: room.roomID).event else { return nil }
        if event.type == MessageRecord.encryptedType, let crypto = state.crypto, let decrypted = await crypto.decrypt([event], in: room.roomID).first {
            event = decrypted
        }
        return MessageRecord(roomID: room.roomID, event: event)
    }

    static let pinnedEventsType = "m.room.pinned_events"
}
