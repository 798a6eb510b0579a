import MatrixJSON

/// `--output json` for the scripting commands; the fields are in docs/json-output.md.
extension ScriptingOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .echo(let text): ["text": .string(text)]
        case .aliasDefined(let name, let expansion): ["name": .string(name), "expansion": .string(expansion)]
        case .aliasRemoved(let name): ["name": .string(name)]
        case .aliases(let entries):
            ["aliases": .array(entries.map { ["name": .string($0.name), "expansion": .string($0.expansion)] })]
        }
    }
}
