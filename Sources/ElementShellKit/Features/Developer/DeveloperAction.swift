/// The developer-mode commands, which `/help` and Tab offer where the profile shows developer
/// settings. None holds anything secret: a message is named by its reference.
public enum DeveloperAction: Sendable, Equatable {
    /// `/view-source MESSAGE`: the event as the server sent it, decrypted beside it if encrypted.
    case viewSource(MessageReference)
    /// `/labs`: the experimental switches, their values and how to change them.
    case labs
    /// `/report-problem`: a diagnostics archive in the data directory.
    case reportProblem
}

extension DeveloperAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .viewSource: .viewSource
        case .labs: .labs
        case .reportProblem: .reportProblem
        }
    }
}
