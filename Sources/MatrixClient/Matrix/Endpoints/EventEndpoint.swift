import Foundation
import MatrixJSON

/// `GET /rooms/{roomId}/event/{eventId}`: one event as the server has it, read twice from the
/// same bytes: whole, for `/view-source` to show, and as an event the client can decrypt.
public struct RoomEventSource: Sendable, Equatable, JSONReadable {
    /// Every field the server sent, including those the client does not know.
    public var json: JSONValue
    public var event: SyncEvent

    public init(json: JSONValue, event: SyncEvent) {
        self.json = json
        self.event = event
    }

    init(json data: Data) throws(MatrixError) {
        json = try JSONValue(json: data)
        event = try JSONReader.decode(data, as: SyncEvent.self) { reader throws(JSONError) in try SyncEvent.read(from: &reader) }
    }
}

extension MatrixEndpoint where Response == RoomEventSource {
    static func event(_ eventID: String, in roomID: String) -> Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v3", "rooms", roomID, "event", eventID], isAuthenticated: true)
    }
}
