/// The outbox: messages waiting to be sent, and those the server refused.
public enum QueueAction: Sendable, Equatable {
    case list
    /// Puts refused messages back in line: the one numbered in `/queue`, or all of them.
    case resend(number: Int?)
    /// Drops refused messages unsent: the one numbered in `/queue`, or all of them.
    case cancel(number: Int?)
}

extension QueueAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .list: .queue
        case .resend: .resend
        case .cancel: .cancel
        }
    }
}
