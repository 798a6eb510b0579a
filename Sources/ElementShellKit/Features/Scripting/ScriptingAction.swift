/// What scripts and startup files use: files, aliases, timers and waits.
public enum ScriptingAction: Sendable, Equatable {
    case source(path: String)
    case defineAlias(name: String, expansion: String)
    case removeAlias(name: String)
    case listAliases
    case echo(text: String)
    /// Runs a line later, in the background, like irssi's `/timer` or weechat's `/wait`.
    case after(seconds: Double, line: String)
    /// Holds the script until the next sync response has been applied, or `timeout` passes.
    case waitForSync(timeout: Double)
    /// Holds the script until the outbox is empty, or `timeout` passes.
    case waitUntilSent(timeout: Double)
    /// Holds the script until a message containing `text` arrives in the open room.
    case waitForMessage(containing: String, timeout: Double)
}

extension ScriptingAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .source(let path): "source(path: \(path))"
        case .defineAlias(let name, _): "defineAlias(name: \(name))"
        case .removeAlias(let name): "removeAlias(name: \(name))"
        case .listAliases: "listAliases"
        case .echo: "echo(text: <redacted>)"
        case .after(let seconds, _): "after(seconds: \(seconds))"
        case .waitForSync(let timeout): "waitForSync(timeout: \(timeout))"
        case .waitUntilSent(let timeout): "waitUntilSent(timeout: \(timeout))"
        case .waitForMessage(_, let timeout): "waitForMessage(containing: <redacted>, timeout: \(timeout))"
        }
    }
}

extension ScriptingAction {
    /// The command whose result this is.
    var command: CommandName {
        switch self {
        case .source: .source
        case .defineAlias: .alias
        case .removeAlias: .unalias
        case .listAliases: .aliases
        case .echo: .echo
        case .after: .after
        case .waitForSync, .waitUntilSent, .waitForMessage: .wait
        }
    }
}
