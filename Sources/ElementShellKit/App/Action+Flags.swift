extension Action {
    /// The form of its command the action is, where the command has several (`create` of
    /// `/space create`, `--in` of `/create NAME --in SPACE`).
    var variantWord: String? {
        switch self {
        case .space(.create): "create"
        case .space(.add): "add"
        case .space(.remove): "remove"
        case .membership(.create(_, inSpace: _?)): "--in"
        default: nil
        }
    }

    /// The developer flag the profile must have on for the action to run, as the table declares
    /// it for the command or its form.
    var requiredFlag: DeveloperOptions.Flag? {
        let spec = CommandTable.spec(named: command.rawValue)
        guard let word = variantWord, let variant = spec?.variants.first(where: { $0.word == word }) else { return spec?.requiredFlag }
        return variant.requiredFlag ?? spec?.requiredFlag
    }

    /// How the refusal names what was typed: `/space create`.
    var typedName: String {
        (["/" + command.rawValue] + (variantWord.map { [$0] } ?? [])).joined(separator: " ")
    }
}
