/// Which lines the history file may keep: never those of commands that carry credentials, and, as
/// in shells, never a line typed with a leading space.
public enum HistoryPolicy {
    public static func shouldRecord(_ line: String) -> Bool {
        guard let first = line.first, !first.isWhitespace else { return false }
        guard line.hasPrefix("/"), !line.hasPrefix("//") else { return true }
        let name = CommandParser.splitCommand(line).name.filter { $0 != "!" }
        return !(CommandTable.spec(named: name)?.staysOutOfHistory ?? false)
    }
}
