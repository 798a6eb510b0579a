import MatrixJSON

/// `--output json` for `/draft` and `/drafts`; the fields are in docs/json-output.md.
extension DraftOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .shown(let body): ["draft": body.json]
        case .saved, .cleared: [:]
        case .list(let drafts):
            ["drafts": .array(drafts.map { ["room_id": .string($0.roomID), "room": $0.roomName.json, "body": .string($0.body)] })]
        }
    }
}

extension DraftOutcome {
    /// Only a confirmation: said when typed, not when a script runs it.
    var isConfirmation: Bool {
        switch self {
        case .saved, .cleared: true
        case .shown, .list: false
        }
    }
}
