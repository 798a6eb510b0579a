import Foundation

/// The body of `POST /rooms/{roomId}/read_markers`: the fully-read marker and a receipt, public
/// (`m.read`) or seen only by the user's own devices (`m.read.private`), in one request.
struct ReadMarkers: Encodable, Sendable {
    let eventID: String
    let receipt: ReceiptType

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(eventID, forKey: .fullyRead)
        try container.encode(eventID, forKey: receipt == .public ? .read : .readPrivate)
    }

    private enum Key: String, CodingKey {
        case fullyRead = "m.fully_read"
        case read = "m.read"
        case readPrivate = "m.read.private"
    }
}

/// Whether others see how far the user has read.
public enum ReceiptType: Sendable, Equatable {
    case `public`, `private`
}

/// The body of `PUT /rooms/{roomId}/typing/{userId}`; the timeout only goes with `typing: true`.
struct TypingState: Encodable, Sendable {
    let typing: Bool
    let timeout: Int?
}

extension MatrixEndpoint where Response == EmptyResponse {
    static func readMarkers(roomID: String, eventID: String, receipt: ReceiptType) -> Self {
        MatrixEndpoint(method: .post, path: ["_matrix", "client", "v3", "rooms", roomID, "read_markers"],
                       body: ReadMarkers(eventID: eventID, receipt: receipt), isAuthenticated: true)
    }

    static func typing(roomID: String, userID: String, isTyping: Bool, timeout: Duration) -> Self {
        let milliseconds = Int(timeout.components.seconds * 1000)
        return MatrixEndpoint(method: .put, path: ["_matrix", "client", "v3", "rooms", roomID, "typing", userID],
                              body: TypingState(typing: isTyping, timeout: isTyping ? milliseconds : nil), isAuthenticated: true)
    }
}
