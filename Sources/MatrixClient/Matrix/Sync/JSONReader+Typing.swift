extension JSONReader {
    /// The user IDs of the `m.typing` event in a room's `ephemeral` section (`{"events": [...]}`),
    /// `nil` when there is none. Ephemeral events have no sender, so they are read here rather
    /// than as `SyncEvent`s; like those, an event that does not fit is left out, and an entry that
    /// is not a string is dropped. Receipts, the large ephemeral events, are skipped unbuilt.
    mutating func readTypingUserIDs() throws(JSONError) -> [String]? {
        var typing: [String]?
        try readSection { reader, key throws(JSONError) in
            guard case "events" = key, try !reader.readNull() else { return try reader.skipValue() }
            try reader.readArray { reader throws(JSONError) in
                if let userIDs = try reader.readTypingEvent() { typing = userIDs }
            }
        }
        return typing
    }

    /// The user IDs of one ephemeral event if it is an `m.typing` that fits, else `nil`.
    mutating func readTypingEvent() throws(JSONError) -> [String]? {
        guard nextIs("{") else {
            try skipValue()
            return nil
        }
        var type: String?, userIDs: [String]?
        var fits = true
        try readObject { reader, key throws(JSONError) in
            do throws(JSONError) {
                switch key {
                case "type": type = try reader.readStringOrNull()
                case "content": userIDs = try reader.readUserIDs()
                default: try reader.skipValue()
                }
            } catch where !error.isMalformedText {
                fits = false
            }
        }
        return fits && type == "m.typing" ? userIDs ?? [] : nil
    }

    /// The strings of a content's `user_ids` array; `nil` when the content has none.
    private mutating func readUserIDs() throws(JSONError) -> [String]? {
        var userIDs: [String]?
        try readSection { reader, key throws(JSONError) in
            guard case "user_ids" = key, reader.nextIs("[") else { return try reader.skipValue() }
            var found: [String] = []
            try reader.readArray { reader throws(JSONError) in
                if reader.nextIs("\"") { found.append(try reader.readString()) } else { try reader.skipValue() }
            }
            userIDs = found
        }
        return userIDs
    }
}
