import Foundation
import MatrixClient

extension AppState {
    func send(_ action: DraftAction, in context: CommandContext) async -> Bool {
        if case .list = action {
            let drafts = (try? await context.signedIn.store.drafts()) ?? []
            return finish(.draft(.list(drafts.map { draft in
                let roomName = state.rooms[draft.roomID].map(RoomName.of) ?? draft.roomID
                let root = draft.threadRoot.isEmpty ? nil : state.references.number(ifShown: draft.threadRoot).map { "~\($0)" } ?? ""
                return DraftView(roomID: draft.roomID, roomName: RemoteText(root.map { L10n.screenPromptThread(roomName, $0) } ?? roomName), body: draft.body)
            })))
        }
        let (roomID, store) = (context.openRoom.roomID, context.openRoom.store)
        do {
            switch action {
            case .save(let text):
                try await store.saveDraft(DraftRecord(roomID: roomID, threadRoot: state.currentThreadRoot ?? "", body: text,
                                                      updatedAt: environment.clock.date.matrixTimestamp))
                return finish(.draft(.saved))
            case .clear:
                try await store.clearDraft(roomID: roomID, thread: state.currentThreadRoot)
                return finish(.draft(.cleared))
            case .show, .list:
                return finish(.draft(.shown(try await draft(of: roomID, thread: state.currentThreadRoot))))
            }
        } catch {
            return finish(.failure(.storeUnavailable))
        }
    }

    /// The draft of a room's main timeline, or with `thread`, of that thread, if it has one.
    func draft(of roomID: String, thread: String? = nil) async throws -> String? {
        try await state.store?.drafts().first { $0.roomID == roomID && $0.threadRoot == (thread ?? "") }?.body
    }
}
