/// What the terminal and the start of a run ask of the state besides commands: keys typed,
/// Ctrl-C, picking up the stored session, a startup file. None is a command, so none reports a
/// `.result` of its own (batch mode and `--output json` count one per command); a startup
/// file's lines report theirs.
public enum ShellAction: Sendable, Equatable {
    /// A problem in the config file, told once at start.
    case reportConfigProblem(ConfigDiagnostic)
    /// Picks up the session a previous run stored, without asking and without the network.
    case resumeSession
    /// Runs a startup file's lines in order (`.elrc`, `--rc`).
    case runScript(text: String, named: String)
    /// The input line as it stands after a key.
    case inputLineChanged(String)
    /// Ctrl-C: the timer lines running now stop; those still waiting stay scheduled.
    case interrupt
    /// The shell is ending: no scheduled line runs any more.
    case end
}

// The input line and a script are the user's text: printing an action shows only its shape.
extension ShellAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .reportConfigProblem(let diagnostic): "reportConfigProblem(\(diagnostic.file):\(diagnostic.line))"
        case .resumeSession: "resumeSession"
        case .runScript(_, let file): "runScript(text: <redacted>, named: \(file))"
        case .inputLineChanged: "inputLineChanged(<redacted>)"
        case .interrupt: "interrupt"
        case .end: "end"
        }
    }
}
