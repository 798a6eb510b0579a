import Foundation
import MatrixClient

extension AppState {
    func send(_ action: ThreadAction, in room: RoomContext) async -> Bool {
        let (roomID, store) = (room.roomID, room.store)
        let roomName = state.rooms[roomID].map(RoomName.of) ?? roomID
        switch action {
        case .open(let reference, let text):
            // Everything is read first, while sync may print what it brings as the room shows it.
            let numbered = state.references
            let message: MessageRecord
            do throws(ShellError) {
                message = try await self.message(reference, in: roomID)
            } catch {
                return finish(.failure(error))
            }
            let rootID = message.threadRoot ?? message.eventID
            if let text {
                let relation = MessageRelation.thread(root: rootID, latest: await latestMessage(inThread: rootID, of: roomID))
                let queued = await queueMessage(text, msgtype: "m.text", in: room, relation: relation)
                // With the report, nothing suspending in between: the thread is open from here.
                commit { $0.currentThreadRoot = rootID }
                return queued
            }
            let thread = (try? await store.messages(in: roomID, thread: rootID, before: nil, limit: Self.openedHistory + 1)) ?? []
            var root = message
            if let held = thread.first(where: { $0.eventID == rootID }) {
                root = held
            } else if let stored = try? await store.message(eventID: rootID) {
                root = stored
            }
            let replies = thread.filter { $0.eventID != rootID }
            let surroundings = await surroundings(of: [root] + replies, insideThread: true)
            let draft = try? await draft(of: roomID, thread: rootID)
            // From here to the listing nothing suspends. Replies sync printed meanwhile (numbered
            // since the command began) were shown just before it: they are not listed again.
            let unprinted = replies.filter { numbered.number(ifShown: $0.eventID) != nil || state.references.number(ifShown: $0.eventID) == nil }
            commit { state in
                state.currentThreadRoot = rootID
                state.historyCursor = thread.first?.seq
            }
            let shown = views(of: [root] + unprinted, with: surroundings)
            return finish(.thread(.opened(roomName: RemoteText(roomName), root: shown[0], messages: Array(shown.dropFirst()), draft: draft ?? nil)))
        case .back:
            commit { state in
                state.currentThreadRoot = nil
                state.historyCursor = nil
            }
            return finish(.thread(.closed(roomName: RemoteText(roomName))))
        case .list:
            let roots = (try? await store.threadRoots(in: roomID)) ?? []
            return finish(.thread(.list(await views(of: roots))))
        }
    }

    /// The newest message of a thread (its root when it has no replies): what a message sent into
    /// it answers, for clients that show threads as replies.
    func latestMessage(inThread rootID: String, of roomID: String) async -> String {
        let newest = try? await state.store?.messages(in: roomID, thread: rootID, before: nil, limit: 1)
        return newest?.last?.eventID ?? rootID
    }
}
