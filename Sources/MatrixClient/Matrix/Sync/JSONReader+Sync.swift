extension JSONReader {
    /// An array of events, those that do not fit `SyncEvent` among them as malformed; `null` is none.
    mutating func readEvents() throws(JSONError) -> [SyncEvent] {
        var events: [SyncEvent] = []
        guard try !readNull() else { return events }
        try readArray { reader throws(JSONError) in
            events.append(try SyncEvent.read(from: &reader))
        }
        return events
    }

    /// The events of an `{"events": [...]}` object, the shape of each event list in a sync
    /// response; `null` is none.
    mutating func readEventBatch() throws(JSONError) -> [SyncEvent] {
        var events: [SyncEvent] = []
        try readSection { reader, key throws(JSONError) in
            switch key {
            case "events": events = try reader.readEvents()
            default: try reader.skipValue()
            }
        }
        return events
    }

    /// The members of an object that Synapse may leave out when empty: `null` has none.
    mutating func readSection(_ member: (inout JSONReader, JSONKey) throws(JSONError) -> Void) throws(JSONError) {
        guard try !readNull() else { return }
        try readObject(member)
    }

    /// An object of rooms keyed by room ID, each read by `room`; `null` has none.
    mutating func readRooms<Room>(_ room: (inout JSONReader) throws(JSONError) -> Room) throws(JSONError) -> [String: Room] {
        var rooms: [String: Room] = [:]
        try readSection { reader, key throws(JSONError) in
            rooms[try key.string()] = try room(&reader)
        }
        return rooms
    }

    /// An integer that may be left out or `null`.
    mutating func readIntegerOrNull() throws(JSONError) -> Int? {
        try readNull() ? nil : Int(readInteger())
    }
}
