/// One command: the single source for parsing, `/help`, completion, usage errors and what it
/// needs before it runs.
public struct CommandSpec: Sendable {
    public let command: CommandName
    public let aliases: [String]
    public let parameters: [CommandParameter]
    /// The options it reads, before or after its arguments.
    public let options: [CommandOption]
    /// What the command needs before it runs, unless its arguments ask for less (`Action.needs`).
    public let needs: CommandNeeds
    /// Accepts a trailing `!` (`/logout!`) that confirms a destructive action up front.
    public let isConfirmable: Bool
    /// Lines of this command never enter the history file.
    public let staysOutOfHistory: Bool
    /// The profile's developer flag that offers the command; `nil`: every profile offers it.
    public let requiredFlag: DeveloperOptions.Flag?
    /// Forms of the command led by a word of their own (`/space create`), each in `/help` on a
    /// line of its own when its flag (if any) is on.
    public let variants: [CommandVariant]
    let localizedSummary: @Sendable () -> String
    let localizedUsage: @Sendable () -> String
    let localizedDetails: (@Sendable () -> [String])?
    let makeAction: @Sendable (_ arguments: [String], _ confirmed: Bool) throws(CommandParseError) -> Action

    init(
        _ command: CommandName,
        aliases: [String] = [],
        parameters: [CommandParameter] = [],
        options: [CommandOption] = [],
        requires needs: CommandNeeds,
        isConfirmable: Bool = false,
        staysOutOfHistory: Bool = false,
        requiredFlag: DeveloperOptions.Flag? = nil,
        variants: [CommandVariant] = [],
        summary: @escaping @Sendable () -> String,
        usage: @escaping @Sendable () -> String,
        details: (@Sendable () -> [String])? = nil,
        action: @escaping @Sendable (_ arguments: [String], _ confirmed: Bool) throws(CommandParseError) -> Action
    ) {
        self.command = command
        self.aliases = aliases
        self.parameters = parameters
        self.options = options
        self.needs = needs
        self.isConfirmable = isConfirmable
        self.staysOutOfHistory = staysOutOfHistory
        self.requiredFlag = requiredFlag
        self.variants = variants
        localizedSummary = summary
        localizedUsage = usage
        localizedDetails = details
        makeAction = action
    }

    public var name: String { command.rawValue }
    public var summary: String { localizedSummary() }
    public var usage: String { localizedUsage() }
    /// More than the summary, for `/help COMMAND`.
    public var details: [String] { localizedDetails?() ?? [] }
}

/// A form of a command led by its own word, such as `/space create NAME`.
public struct CommandVariant: Sendable {
    public let word: String
    public let requiredFlag: DeveloperOptions.Flag?
    /// The options of this form, read before or after its arguments.
    public let options: [CommandOption]
    let localizedSummary: @Sendable () -> String
    let localizedUsage: @Sendable () -> String

    init(_ word: String, requiredFlag: DeveloperOptions.Flag? = nil, options: [CommandOption] = [], summary: @escaping @Sendable () -> String,
         usage: @escaping @Sendable () -> String) {
        self.word = word
        self.requiredFlag = requiredFlag
        self.options = options
        localizedSummary = summary
        localizedUsage = usage
    }

    public var summary: String { localizedSummary() }
    public var usage: String { localizedUsage() }
}
