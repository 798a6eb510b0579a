/// Which lines the history file may keep: never those of commands that carry credentials, and, as
/// in shells, never a line typed with a leading space.
public enum HistoryPolicy {
    public static func shouldRecord(_ line: String) -> Bool {
        guard let first = line.first, !first.isWhitespace else { return false }
        return !carriesCredentials(line)
    }

    /// Lines of commands such as `/login`, after which keys typed ahead may be a password.
    public static func carriesCredentials(_ line: String) -> Bool {
        let trimmed = line.trimmingWhitespace()
        guard trimmed.hasPrefix("/"), !trimmed.hasPrefix("//") else { return false }
        let name = CommandParser.splitCommand(trimmed).name.filter { $0 != "!" }
        return CommandTable.spec(named: name)?.staysOutOfHistory ?? false
    }
}
