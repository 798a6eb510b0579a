import MatrixJSON

/// `--output json` for `/view-source`, `/labs` and `/report-problem`; the fields are in docs/json-output.md.
extension DeveloperOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .eventSource(let source):
            var fields: [String: JSONValue] = ["event_id": .string(source.eventID), "event": source.event, "encrypted": .bool(source.decryption != nil),
                                               "decrypted": .null, "decryption_failure": .null]
            switch source.decryption {
            case nil: break
            case .decrypted(let clear): fields["decrypted"] = clear
            case .failed(let failure): fields["decryption_failure"] = .string(failure.rawValue)
            }
            return fields
        case .labs(let switches):
            return ["switches": .array(switches.map { entry in
                ["name": .string(entry.settingName), "value": .string(entry.value), "values": .array(entry.accepted.map(JSONValue.string)),
                 "description": .string(entry.summary)]
            })]
        case .problemReported(let path, let size):
            return ["path": .string(path), "size": .integer(Int64(size))]
        }
    }
}
