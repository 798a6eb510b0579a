import Foundation
import MatrixJSON

/// An encrypted event whose key has not arrived, kept as it came so it can be decrypted when the
/// key does (`encrypted_event`); its message row meanwhile says it could not be read.
public struct UndecryptedEvent: Sendable, Equatable {
    public var eventID: String
    public var roomID: String
    public var sessionID: String
    public var event: SyncEvent

    public init(eventID: String, roomID: String, sessionID: String, event: SyncEvent) {
        self.eventID = eventID
        self.roomID = roomID
        self.sessionID = sessionID
        self.event = event
    }

    /// The event behind an unreadable message, kept when a key arriving later can still open it.
    init?(waitingFor message: borrowing MessageRecord, event: borrowing SyncEvent) {
        guard message.decryptionFailure?.isRetryable == true, let sessionID = event.encryption?.sessionID else { return nil }
        self.init(eventID: message.eventID, roomID: message.roomID, sessionID: sessionID, event: copy event)
    }

    /// The event as JSON, with what decryption and display need.
    var storedText: String {
        var members: [String: JSONValue] = ["type": .string(event.type), "sender": .string(event.sender), "content": event.content]
        members["event_id"] = event.eventID.map(JSONValue.string)
        members["origin_server_ts"] = event.originServerTS.map { .integer($0) }
        members["unsigned"] = event.unsigned
        return JSONValue.object(members).text
    }

    init?(eventID: String, roomID: String, sessionID: String, storedText: String) {
        let parsed = try? JSONReader.read(Data(storedText.utf8)) { reader throws(JSONError) in try SyncEvent.read(from: &reader) }
        guard let event = parsed, event.malformedField == nil else { return nil }
        self.init(eventID: eventID, roomID: roomID, sessionID: sessionID, event: event)
    }
}
