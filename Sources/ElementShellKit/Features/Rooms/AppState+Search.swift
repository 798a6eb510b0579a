import Foundation
import MatrixClient

/// A message `/search` found, with the name of its room.
public struct SearchHit: Sendable, Equatable {
    public var roomName: RemoteText
    public var message: MessageView
}

extension AppState {
    /// Asks the server (which holds more than the store) and numbers what it finds like any shown
    /// message; found messages the store lacks are kept for the session, so their numbers work.
    func search(_ text: String, everywhere: Bool, in context: CommandContext) async -> Bool {
        // Without `--all`, the command's needs made sure of an open room.
        let roomID = everywhere ? nil : context.openRoom.roomID
        let events: [SyncEvent]
        do {
            events = try await context.signedIn.services.rooms.search(text, roomID: roomID, limit: Self.searchLimit)
        } catch {
            return finish(.failure(.matrix(error)))
        }
        let found = events.compactMap { event in event.roomID.flatMap { MessageRecord(roomID: $0, event: event) } }
        let surroundings = await surroundings(of: found)
        commit { state in
            for message in found where state.fetchedMessages[message.eventID] == nil { state.fetchedMessages[message.eventID] = message }
        }
        let hits = zip(found, views(of: found, with: surroundings)).map { message, view in
            SearchHit(roomName: roomName(of: message.roomID), message: view)
        }
        // The server searches what it can read: in an encrypted room, that is nothing since encryption began.
        let searched = everywhere ? state.rooms.values.filter { $0.membership == .join } : roomID.flatMap { state.rooms[$0] }.map { [$0] } ?? []
        return finish(.room(.searchResults(hits, encryptedNotSearched: searched.contains { $0.encryption != nil })))
    }

    static let searchLimit = 20
}
