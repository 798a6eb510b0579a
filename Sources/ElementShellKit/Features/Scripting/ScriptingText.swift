/// The lines of what the scripting commands produced.
struct ScriptingText {
    var width: Int?

    func lines(for outcome: ScriptingOutcome) -> [String] {
        switch outcome {
        case .echo(let text): text.split(separator: "\n", omittingEmptySubsequences: false).map { clean(String($0)) }
        case .aliasDefined(let name, let expansion): [L10n.screenAliasDefined(clean(name), clean(expansion))]
        case .aliasRemoved(let name): [L10n.screenAliasRemoved(clean(name))]
        case .aliases(let entries):
            entries.isEmpty ? [L10n.screenAliasesEmpty] : TextLayout.table(entries.map { ["/" + clean($0.name), clean($0.expansion)] }, wrapsLastColumn: false, width: width)
        }
    }

    private func clean(_ text: String) -> String { TerminalSanitizer.clean(text) }
}
