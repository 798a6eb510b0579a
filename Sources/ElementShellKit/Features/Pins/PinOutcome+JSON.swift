import MatrixJSON

/// `--output json` for `/pins`, `/pin` and `/unpin`; the fields are in docs/json-output.md.
extension PinOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .list(let roomName, let pins):
            ["room": roomName.json, "pinned": .array(pins.map { pin in
                switch pin {
                case .message(let view): .object(view.json)
                case .unavailable(let eventID, let number): ["event_id": .string(eventID), "ref": .string("~\(number)"), "unavailable": true]
                }
            })]
        case .changed(let number, let eventID, let isPinned, let changed, let count, let roomName):
            ["room": roomName.json, "event_id": .string(eventID), "number": number.map { .integer(Int64($0)) } ?? .null,
             "pinned": .bool(isPinned), "changed": .bool(changed), "count": .integer(Int64(count))]
        }
    }
}
