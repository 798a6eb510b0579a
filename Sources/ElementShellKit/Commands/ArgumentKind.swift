/// What an argument names; completion offers candidates by kind.
public enum ArgumentKind: Sendable, Equatable {
    case text
    case number
    case command
    case homeserver
    case userID
    case room
    case profile
    case file
    case settingKey
    /// A value for the setting named by the argument before it.
    case settingValue
    case alias
    /// What `/wait` waits for.
    case waitTarget
    /// A message of the open room: `~N`, `^`, `^N` or an event ID.
    case message
    /// Which rooms `/rooms` lists.
    case roomsFilter
    /// Which way `/keys` moves room keys: `export` or `import`.
    case keysDirection
    /// What `/backup` does besides showing its status: `restore`.
    case backupAction
    /// What `/verification` does: `accept`, `confirm`, `mismatch` or `cancel`.
    case verificationStep
    /// Who may join a room: `public`, `invite`, `knock`, `restricted` or `knock_restricted`.
    case joinRule
    /// A word of `/notify`: a level, `keywords` or `--global`, then their own words.
    case notifySetting
    /// What `/invites` sets: `block` or `allow`.
    case invitePermission
    /// A word of `/roles`: `set`, then the setting.
    case roleSetting
    /// A power level: a number, or `admin`, `moderator`, `user`.
    case powerLevel
}

/// One argument of a command, as the table declares it.
public struct CommandParameter: Sendable, Equatable {
    public enum Arity: Sendable, Equatable {
        case required
        case optional
        /// Takes the rest of the line as written, quotes and spaces included.
        case rest
        case optionalRest
    }

    public let kind: ArgumentKind
    public let arity: Arity

    public init(_ kind: ArgumentKind, _ arity: Arity = .required) {
        self.kind = kind
        self.arity = arity
    }
}
