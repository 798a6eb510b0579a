import MatrixJSON

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
    public var content: JSONValue
    /// Server-added data: `transaction_id` for our own sends, `redacted_because`, `age`, …
    public var unsigned: JSONValue? { get { self[extra: \.unsigned] } set { self[extra: \.unsigned] = newValue } }

    /// What a redaction removes, in room versions before 11 (later ones say it in `content`).
    public var redacts: String? { get { self[extra: \.redacts] } set { self[extra: \.redacts] = newValue } }

    /// The event's room, where the answer mixes rooms (search results); sync and pages leave it out.
    public var roomID: String? { get { self[extra: \.roomID] } set { self[extra: \.roomID] = newValue } }

    /// Set on events that arrived encrypted, once decryption was tried.
    public var encryption: EventEncryption? { get { self[extra: \.encryption] } set { self[extra: \.encryption] = newValue } }

    /// The field of an event that did not fit the spec (`sender`, `content`, …), named rather than
    /// quoted: the value is the sender's. Such an event has the empty `type`, which nothing
    /// handles, so it changes no state; the timeline shows it as malformed.
    public var malformedField: String? { get { self[extra: \.malformedField] } set { self[extra: \.malformedField] = newValue } }

    private var extras: SyncEventExtras?

    public init(type: String, eventID: String? = nil, sender: String, stateKey: String? = nil,
                originServerTS: Int64? = nil, content: JSONValue, unsigned: JSONValue? = nil, redacts: String? = nil,
                roomID: String? = nil) {
        self.type = type
        self.eventID = eventID
        self.sender = sender
        self.stateKey = stateKey
        self.originServerTS = originServerTS
        self.content = content
        extras = .make(SyncEventExtras.Fields(unsigned: unsigned, redacts: redacts, roomID: roomID))
    }

    /// A field kept in `extras`; setting one makes the extras anew, or none when all are `nil`.
    private subscript<Value>(extra field: WritableKeyPath<SyncEventExtras.Fields, Value?>) -> Value? {
        get { extras?.fields[keyPath: field] }
        set {
            var fields = extras?.fields ?? SyncEventExtras.Fields()
            fields[keyPath: field] = newValue
            extras = .make(fields)
        }
    }

    public var isState: Bool { stateKey != nil }

    /// The event at the reader. One that does not fit (not an object, no `type` or `sender`, a
    /// field of the wrong type or nested too deeply) comes back malformed, keeping what did fit
    /// of its ID, sender and time: one odd event must neither make the whole response, and so
    /// every later sync, unreadable, nor vanish without a trace. Broken JSON is still an error.
    static func read(from reader: inout JSONReader) throws(JSONError) -> SyncEvent {
        guard reader.nextIs("{") else {
            try skipMisfit(&reader)
            return malformed(field: "event")
        }
        var type: String?, eventID: String?, sender: String?, stateKey: String?, originServerTS: Int64?
        var content: JSONValue?, unsigned: JSONValue?, redacts: String?, roomID: String?
        var misfit: String?
        try reader.readObject { reader, key throws(JSONError) in
            let value = reader
            do throws(JSONError) {
                switch key {
                case "type": type = try reader.readStringOrNull()
                case "event_id": eventID = try reader.readStringOrNull()
                case "sender": sender = try reader.readStringOrNull()
                case "state_key": stateKey = try reader.readStringOrNull()
                case "origin_server_ts": originServerTS = try reader.readNull() ? nil : reader.readInteger()
                case "content": content = try JSONValue(readingUnlessNull: &reader)
                case "unsigned": unsigned = try readUnsigned(&reader)
                case "redacts": redacts = try reader.readStringOrNull()
                case "room_id": roomID = try reader.readStringOrNull()
                default: try reader.skipValue()
                }
            } catch {
                // Reading went wrong inside the value: start it again and only step over it.
                reader = value
                try skipMisfit(&reader)
                // Known fields by name; a key of the sender's choosing is not repeated.
                let known = ["type", "event_id", "sender", "state_key", "origin_server_ts", "content", "unsigned", "redacts", "room_id"]
                misfit = misfit ?? ((try? key.string()).flatMap { known.contains($0) ? $0 : nil } ?? "event")
            }
        }
        guard misfit == nil, let type, !type.isEmpty, let sender else {
            var event = malformed(field: misfit ?? (type?.isEmpty ?? true ? "type" : "sender"))
            event.eventID = eventID
            event.sender = sender ?? ""
            event.originServerTS = originServerTS
            event.roomID = roomID
            return event
        }
        // Redacted events may arrive with no content at all.
        return SyncEvent(type: type, eventID: eventID, sender: sender, stateKey: stateKey, originServerTS: originServerTS,
                         content: content ?? .object([:]), unsigned: unsigned, redacts: redacts, roomID: roomID)
    }

    /// `unsigned` without its `age`, which is stale once it arrives and which nothing reads; `nil`
    /// when nothing else is in it, as for most events, which then cost no dictionary.
    private static func readUnsigned(_ reader: inout JSONReader) throws(JSONError) -> JSONValue? {
        guard reader.nextIs("{") else { return try JSONValue(readingUnlessNull: &reader) }
        var members: [String: JSONValue] = [:]
        try reader.readObject { reader, key throws(JSONError) in
            switch key {
            case "age": try reader.skipValue()
            default: members[try key.string()] = try JSONValue(reading: &reader)
            }
        }
        return members.isEmpty ? nil : .object(members)
    }

    private static func malformed(field: String) -> SyncEvent {
        var event = SyncEvent(type: "", sender: "", content: .object([:]))
        event.malformedField = field
        return event
    }

    /// Steps over a value that does not fit, however deeply it nests; broken text is an error.
    private static func skipMisfit(_ reader: inout JSONReader) throws(JSONError) {
        let value = reader
        do {
            try reader.skipValue()
        } catch where error.reason == .tooDeep {
            reader = value
            try reader.skipNestedValue()
        }
    }
}
