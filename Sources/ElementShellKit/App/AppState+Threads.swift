import Foundation

extension AppState {
    func send(_ action: ThreadAction, in room: RoomContext) async -> Bool {
        let (roomID, store) = (room.roomID, room.store)
        let roomName = rooms[roomID].map(RoomName.of) ?? roomID
        switch action {
        case .open(let reference, let text):
            let message: MessageRecord
            do throws(ShellError) {
                message = try await self.message(reference, in: roomID)
            } catch {
                return finish(.failure(error))
            }
            let rootID = message.threadRoot ?? message.eventID
            currentThreadRoot = rootID
            if let text { return await sendMessage(text, msgtype: "m.text", in: room) }
            let thread = (try? await store.messages(in: roomID, thread: rootID, before: nil, limit: Self.openedHistory + 1)) ?? []
            var root = message
            if let held = thread.first(where: { $0.eventID == rootID }) {
                root = held
            } else if let stored = try? await store.message(eventID: rootID) {
                root = stored
            }
            let shown = await views(of: [root] + thread.filter { $0.eventID != rootID }, insideThread: true)
            historyCursor = thread.first?.seq
            let draft = try? await draft(of: roomID, thread: rootID)
            return finish(.threadOpened(roomName: roomName, root: shown[0], messages: Array(shown.dropFirst()), draft: draft ?? nil))
        case .back:
            currentThreadRoot = nil
            historyCursor = nil
            return finish(.threadClosed(roomName: roomName))
        case .list:
            let roots = (try? await store.threadRoots(in: roomID)) ?? []
            return finish(.threads(await views(of: roots)))
        }
    }

    /// The newest message of a thread (its root when it has no replies): what a message sent into
    /// it answers, for clients that show threads as replies.
    func latestMessage(inThread rootID: String, of roomID: String) async -> String {
        let newest = try? await store?.messages(in: roomID, thread: rootID, before: nil, limit: 1)
        return newest?.last?.eventID ?? rootID
    }
}
