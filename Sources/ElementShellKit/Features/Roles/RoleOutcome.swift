import MatrixClient

/// What the role commands produced.
public enum RoleOutcome: Sendable, Equatable {
    case roles(RoleSheet)
    /// `/op` or `/deop`: the member's level now.
    case userChanged(userID: String, name: RemoteText?, level: Int, isDefault: Bool, roomName: RemoteText)
    /// `/roles set`: the level the setting now needs.
    case settingChanged(PowerSetting, level: Int, roomName: RemoteText)
}

/// A room's power levels as `/roles` shows them.
public struct RoleSheet: Sendable, Equatable {
    public var roomID: String
    public var roomName: RemoteText
    /// Members with a level of their own, highest first (creators of version 12 rooms first).
    public var members: [RankedMember]
    /// The level of everyone else.
    public var defaultLevel: Int
    public var ownLevel: Int
    /// The levels the common settings need, in `PowerSetting.common` order, the default aside.
    public var settings: [SettingLevel]
    /// The levels event types need, by type.
    public var events: [SettingLevel]
}

public struct RankedMember: Sendable, Equatable {
    public var userID: String
    /// The member's name in the room, where it is not their ID.
    public var name: RemoteText?
    /// `PowerLevels.creatorLevel` for a creator of a room of version 12 or later.
    public var level: Int
}

public struct SettingLevel: Sendable, Equatable {
    public var setting: PowerSetting
    public var level: Int
}
