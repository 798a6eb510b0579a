/// Why a line did not become an action. The renderer chooses the words.
public enum CommandParseError: Error, Sendable, Equatable {
    case unknownCommand(name: String, suggestion: String?)
    /// Wrong number of arguments: the user is shown the command's usage.
    case usage(command: String)
    /// An option the command does not declare, typed before its arguments.
    case unknownOption(command: String, option: String)
    case invalidNumber(command: String, value: String)
    /// Not `~N`, `^`, `^N` or an event ID.
    case invalidReference(command: String, value: String)
    case unterminatedQuote(command: String)
    case notConfirmable(command: String)
}
