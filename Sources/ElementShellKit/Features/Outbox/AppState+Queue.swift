import MatrixClient

extension AppState {
    func send(_ action: QueueAction, in signedIn: SessionContext) async -> Bool {
        let store = signedIn.store
        let entries: [OutboxEntry]
        do {
            entries = try await store.outbox()
        } catch {
            return finish(.failure(.storeUnavailable))
        }
        switch action {
        case .list:
            return finish(.queue(.list(entries.map { QueuedMessage(entry: $0, roomName: state.rooms[$0.roomID].map(RoomName.text) ?? RemoteText($0.roomID)) })))
        case .resend(let number), .cancel(let number):
            let chosen: [OutboxEntry]
            if let number {
                guard number <= entries.count else { return finish(.failure(.unknownQueueNumber(number))) }
                chosen = [entries[number - 1]]
            } else {
                // Without a number only the refused ones: those still in line are on their way.
                chosen = entries.filter(\.failed)
            }
            let ids = chosen.map(\.transactionID)
            do {
                if case .resend = action {
                    try await store.setFailed(false, transactionIDs: ids)
                    await state.sendQueue?.wake()
                    return finish(.queue(.resent(count: ids.count)))
                }
                try await store.cancel(transactionIDs: ids)
                return finish(.queue(.cancelled(count: ids.count)))
            } catch {
                return finish(.failure(.storeUnavailable))
            }
        }
    }
}
