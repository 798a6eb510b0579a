/// An option a command declares (`--encrypted`, `--timeout SECONDS`). The parser reads options
/// typed before the positional arguments by these declarations (`LeadingOptions`), and the tests
/// hold `/help`'s usage lines to them, so what is accepted and what is shown cannot drift apart.
public struct CommandOption: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case none
        case required
        /// Taken only where the option comes last (`/login HS --sso IDP`): before the positional
        /// arguments its word would be theirs.
        case optional
    }

    public let name: String
    public let value: Value

    public init(_ name: String, _ value: Value = .none) {
        self.name = name
        self.value = value
    }
}
