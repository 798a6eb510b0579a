import Foundation

/// Joining and leaving rooms for a session.
public protocol RoomService: Sendable {
    /// The ID of the room joined.
    func join(_ address: RoomAddress) async throws(MatrixError) -> String
    func leave(roomID: String) async throws(MatrixError)
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
}
