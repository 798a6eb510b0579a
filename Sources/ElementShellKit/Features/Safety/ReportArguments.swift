/// Reads what follows `/report`: `MESSAGE REASON`, `--room [ROOM] REASON` or `--user USER
/// REASON`. The reason is the rest of the line as typed, apostrophes and all; a room of several
/// words is quoted. Whether the word after `--room` names a room or starts the reason is
/// decided by the rooms there are, when the command runs (`ReportTarget.room`).
enum ReportArguments {
    private static let command = CommandName.report.rawValue

    static func action(from text: String, confirmed: Bool) throws(CommandParseError) -> SafetyAction {
        var tokenizer = ArgumentTokenizer(text)
        func word() throws(CommandParseError) -> String? {
            do { return try tokenizer.next() } catch { throw .unterminatedQuote(command: command) }
        }
        guard let first = try word() else { throw .usage(command: command) }
        let target: ReportTarget
        switch first {
        case "--room":
            let start = tokenizer.remainder
            guard let candidate = try word() else { throw .usage(command: command) }
            let rest = tokenizer.remainder
            target = .room(named: rest.isEmpty ? nil : candidate, orReason: start)
        case "--user":
            guard let user = try word() else { throw .usage(command: command) }
            target = .user(user)
        default:
            guard let reference = MessageReference(first) else { throw .invalidReference(command: command, value: first) }
            target = .message(reference)
        }
        // After `--room`, what follows the room's word; the handler decides which it is.
        let reason = tokenizer.remainder
        guard !reason.isEmpty || target.isRoom else { throw .usage(command: command) }
        return .report(target, reason: reason, confirmed: confirmed)
    }
}
