import Foundation

/// Joining and leaving rooms for a session.
public protocol RoomService: Sendable {
    /// The ID of the room joined.
    func join(_ address: RoomAddress) async throws(MatrixError) -> String
    func leave(roomID: String) async throws(MatrixError)
    /// Up to `limit` events before `token`, newest first, and the token to go on from (`nil` at
    /// the room's beginning).
    func olderEvents(roomID: String, from token: String, limit: Int) async throws(MatrixError) -> (events: [SyncEvent], next: String?)
}

public struct MatrixRoomService: RoomService {
    private let client: MatrixClient

    public init(session: Session, transport: any HTTPTransport, requestTimeout: TimeInterval = 30) {
        client = MatrixClient(homeserverURL: session.homeserverURL, accessToken: session.accessToken, transport: transport,
                              requestTimeout: requestTimeout)
    }

    public func join(_ address: RoomAddress) async throws(MatrixError) -> String {
        try await client.send(.join(address)).roomID
    }

    public func leave(roomID: String) async throws(MatrixError) {
        _ = try await client.send(.leave(roomID: roomID))
    }

    public func olderEvents(roomID: String, from token: String, limit: Int) async throws(MatrixError) -> (events: [SyncEvent], next: String?) {
        let page = try await client.send(.messages(roomID: roomID, from: token, limit: limit))
        // An answer with nothing in it is the room's beginning too, whatever the token says.
        return (page.chunk, page.chunk.isEmpty ? nil : page.end)
    }
}
