import Foundation

/// A draft with the name of its room, for `/drafts`.
public struct DraftView: Sendable, Equatable {
    public var roomID: String
    public var roomName: String
    public var body: String
}

extension AppState {
    func send(_ action: DraftAction) async -> Bool {
        guard let store else { return finish("draft", .failure(.notLoggedIn)) }
        if case .list = action {
            let drafts = (try? await store.drafts()) ?? []
            return finish("drafts", .drafts(drafts.map {
                DraftView(roomID: $0.roomID, roomName: rooms[$0.roomID].map(RoomName.of) ?? $0.roomID, body: $0.body)
            }))
        }
        guard let roomID = currentRoomID else { return finish("draft", .failure(.noRoomOpen)) }
        do {
            switch action {
            case .save(let text):
                try await store.saveDraft(DraftRecord(roomID: roomID, body: text, updatedAt: Int64(Date().timeIntervalSince1970 * 1000)))
                return finish("draft", .draftSaved)
            case .clear:
                try await store.clearDraft(roomID: roomID)
                return finish("draft", .draftCleared)
            case .show, .list:
                return finish("draft", .draft(try await draft(of: roomID)))
            }
        } catch {
            return finish("draft", .failure(.storeUnavailable))
        }
    }

    /// The draft of a room's main timeline, if it has one.
    func draft(of roomID: String) async throws -> String? {
        try await store?.drafts().first { $0.roomID == roomID && $0.threadRoot.isEmpty }?.body
    }
}
