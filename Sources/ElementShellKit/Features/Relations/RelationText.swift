/// The lines of what `/react`, `/unreact` and `/redact` produced: the message by its number.
enum RelationText {
    static func lines(for outcome: RelationOutcome) -> [String] {
        switch outcome {
        case .reactionQueued(let key, _, let number): [L10n.screenReactionQueued(TerminalSanitizer.clean(key), "~\(number)")]
        case .redactionQueued(_, let number): [L10n.screenRedactionQueued("~\(number)")]
        }
    }
}
