import MatrixClient

import MatrixJSON

/// `--output json` for `/upgrade`; the fields are in docs/json-output.md.
extension UpgradeOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .upgraded(let roomName, let roomID, let version, let invited, let notInvited):
            ["room": roomName.json, "room_id": .string(roomID), "version": .string(version),
             "invited": .array(invited.map { .string($0) }), "not_invited": .array(notInvited.map { .string($0) })]
        }
    }
}
