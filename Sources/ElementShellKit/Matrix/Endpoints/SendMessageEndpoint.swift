import Foundation

/// `PUT /_matrix/client/v3/rooms/{roomId}/send/m.room.message/{txnId}`: the transaction ID makes
/// a repeated request (after a timeout, a crash, a restart) land only once.
struct MessageContent: Encodable, Sendable {
    var msgtype: String
    var body: String
    /// Both set, or both left out of the JSON.
    var format: String?
    var formattedBody: String?

    init(msgtype: String, body: String, formattedBody: String?) {
        self.msgtype = msgtype
        self.body = body
        self.format = formattedBody.map { _ in MessageFormat.htmlFormat }
        self.formattedBody = formattedBody
    }

    enum CodingKeys: String, CodingKey {
        case msgtype, body, format
        case formattedBody = "formatted_body"
    }
}

struct SentEvent: Decodable, Sendable, Equatable {
    var eventID: String

    enum CodingKeys: String, CodingKey {
        case eventID = "event_id"
    }
}

extension MatrixEndpoint where Response == SentEvent {
    static func sendMessage(roomID: String, transactionID: String, content: MessageContent) -> Self {
        MatrixEndpoint(method: .put, path: ["_matrix", "client", "v3", "rooms", roomID, "send", "m.room.message", transactionID],
                       body: content, isAuthenticated: true)
    }
}
