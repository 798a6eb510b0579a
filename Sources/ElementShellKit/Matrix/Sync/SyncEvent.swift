/// One event from a sync response: a room event from `state` or `timeline`, or a stripped
/// state event from an invite, which has no ID and no timestamp.
public struct SyncEvent: Sendable, Equatable {
    public var type: String
    public var eventID: String?
    public var sender: String
    /// Present exactly on state events (an empty string is a valid key).
    public var stateKey: String?
    /// Milliseconds since the Unix epoch, on the sender's homeserver clock.
    public var originServerTS: Int64?
    public var content: MatrixJSON
    /// Server-added data: `transaction_id` for our own sends, `redacted_because`, `age`, …
    public var unsigned: MatrixJSON?
    /// What a redaction removes, in room versions before 11 (later ones say it in `content`).
    public var redacts: String?
    /// The event's room, where the answer mixes rooms (search results); sync and pages leave it out.
    public var roomID: String?
    /// Set on events that arrived encrypted, once decryption was tried.
    public var encryption: EventEncryption? {
        get { encryptionBox?.value }
        set { encryptionBox = newValue.map(EncryptionBox.init) }
    }

    /// Behind a reference: an initial sync holds tens of thousands of events, nearly all without.
    private var encryptionBox: EncryptionBox?

    public init(type: String, eventID: String? = nil, sender: String, stateKey: String? = nil,
                originServerTS: Int64? = nil, content: MatrixJSON, unsigned: MatrixJSON? = nil, redacts: String? = nil,
                roomID: String? = nil) {
        self.type = type
        self.eventID = eventID
        self.sender = sender
        self.stateKey = stateKey
        self.originServerTS = originServerTS
        self.content = content
        self.unsigned = unsigned
        self.redacts = redacts
        self.roomID = roomID
    }

    public var isState: Bool { stateKey != nil }

    /// The event at the reader, or `nil` when it does not fit (not an object, no `type` or
    /// `sender`, a field of the wrong type): one odd event must not make the whole response,
    /// and so every later sync, unreadable. Broken JSON is still an error.
    static func read(from reader: inout JSONReader) throws(JSONError) -> SyncEvent? {
        guard reader.nextIs("{") else {
            try reader.skipValue()
            return nil
        }
        var type: String?, eventID: String?, sender: String?, stateKey: String?, originServerTS: Int64?
        var content: MatrixJSON?, unsigned: MatrixJSON?, redacts: String?, roomID: String?
        var fits = true
        try reader.readObject { reader, key throws(JSONError) in
            do throws(JSONError) {
                switch key {
                case "type": type = try reader.readStringOrNull()
                case "event_id": eventID = try reader.readStringOrNull()
                case "sender": sender = try reader.readStringOrNull()
                case "state_key": stateKey = try reader.readStringOrNull()
                case "origin_server_ts": originServerTS = try reader.readNull() ? nil : reader.readInteger()
                case "content": content = try reader.readNull() ? nil : MatrixJSON(reading: &reader)
                case "unsigned": unsigned = try reader.readNull() ? nil : MatrixJSON(reading: &reader)
                case "redacts": redacts = try reader.readStringOrNull()
                case "room_id": roomID = try reader.readStringOrNull()
                default: try reader.skipValue()
                }
            } catch where !error.isMalformedText {
                fits = false
            }
        }
        guard fits, let type, let sender else { return nil }
        // Redacted events may arrive with no content at all.
        return SyncEvent(type: type, eventID: eventID, sender: sender, stateKey: stateKey, originServerTS: originServerTS,
                         content: content ?? .object([:]), unsigned: unsigned, redacts: redacts, roomID: roomID)
    }
}
