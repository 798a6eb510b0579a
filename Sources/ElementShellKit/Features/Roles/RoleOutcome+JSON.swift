import MatrixClient
import MatrixJSON

/// `--output json` for `/roles`, `/op` and `/deop`; the fields are in docs/json-output.md.
extension RoleOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .roles(let sheet):
            ["room_id": .string(sheet.roomID), "default_level": .integer(Int64(sheet.defaultLevel)), "own_level": Self.level(sheet.ownLevel),
             "members": .array(sheet.members.map { member in
                 ["user_id": .string(member.userID), "level": Self.level(member.level), "creator": .bool(member.level == PowerLevels.creatorLevel)]
             }),
             "levels": .object(Dictionary(uniqueKeysWithValues: sheet.settings.map { ($0.setting.name, .integer(Int64($0.level))) })),
             "events": .object(Dictionary(uniqueKeysWithValues: sheet.events.map { ($0.setting.name, .integer(Int64($0.level))) }))]
        case .userChanged(let userID, _, let level, let isDefault, _):
            ["user_id": .string(userID), "level": .integer(Int64(level)), "default": .bool(isDefault)]
        case .settingChanged(let setting, let level, _):
            ["setting": .string(setting.name), "level": .integer(Int64(level))]
        }
    }

    /// A creator's level is above every number: it has none.
    private static func level(_ level: Int) -> JSONValue {
        level == PowerLevels.creatorLevel ? .null : .integer(Int64(level))
    }
}
