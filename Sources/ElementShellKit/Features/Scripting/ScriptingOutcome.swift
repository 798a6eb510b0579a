/// What the scripting commands produced.
public enum ScriptingOutcome: Sendable, Equatable {
    case echo(text: String)
    case aliasDefined(name: String, expansion: String)
    case aliasRemoved(name: String)
    case aliases([AliasEntry])

    /// Only a confirmation: said when typed, not when a script runs it.
    var isConfirmation: Bool {
        switch self {
        case .aliasDefined, .aliasRemoved: true
        case .echo, .aliases: false
        }
    }
}

public struct AliasEntry: Sendable, Equatable {
    public var name: String
    public var expansion: String
}
