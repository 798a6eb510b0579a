import Foundation
import MatrixJSON

/// `GET /rooms/{roomId}/joined_members`: everyone in the room now, unlike the lazy-loaded
/// members a sync brings.
struct JoinedMembers: Decodable, Sendable {
    struct Member: Decodable, Sendable {
        var displayName: String?

        enum CodingKeys: String, CodingKey {
            case displayName = "display_name"
        }
    }

    var joined: [String: Member]
}

/// The content of `m.room.name` or `m.room.topic`.
struct TextStateContent: Encodable, Sendable {
    let key: String
    let value: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicKey.self)
        try container.encode(value, forKey: DynamicKey(key))
    }

    private struct DynamicKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

struct StateEventSent: Decodable, Sendable {
    var eventID: String

    enum CodingKeys: String, CodingKey {
        case eventID = "event_id"
    }
}

extension MatrixEndpoint where Response == JoinedMembers {
    static func joinedMembers(roomID: String) -> Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v3", "rooms", roomID, "joined_members"], isAuthenticated: true)
    }
}

extension MatrixEndpoint where Response == StateEventSent {
    /// `PUT /rooms/{roomId}/state/{type}/` (empty state key) with `{ "<field>": text }`.
    static func setTextState(roomID: String, type: String, field: String, text: String) -> Self {
        MatrixEndpoint(method: .put, path: ["_matrix", "client", "v3", "rooms", roomID, "state", type, ""],
                       body: TextStateContent(key: field, value: text), isAuthenticated: true)
    }

    /// `PUT /rooms/{roomId}/state/{type}/{stateKey}`: any state event's whole content.
    static func setState(_ type: String, stateKey: String, content: JSONValue, roomID: String) -> Self {
        MatrixEndpoint(method: .put, path: ["_matrix", "client", "v3", "rooms", roomID, "state", type, stateKey],
                       body: content, isAuthenticated: true)
    }

    /// `PUT /rooms/{roomId}/state/m.room.encryption/`.
    static func setEncryption(_ settings: RoomEncryption, roomID: String) -> Self {
        MatrixEndpoint(method: .put, path: ["_matrix", "client", "v3", "rooms", roomID, "state", RoomEncryption.eventType, ""],
                       body: settings, isAuthenticated: true)
    }
}
