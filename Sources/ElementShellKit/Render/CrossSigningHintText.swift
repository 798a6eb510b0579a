import MatrixClient

/// Why verifying someone covered only a device: who has no cross-signing identity, and that
/// `/recovery setup` on their side makes verification cover the person.
/// Each sentence wraps at words to the terminal's width, being longer than most terminals.
struct CrossSigningHintText {
    let theme: Theme
    var width: Int?

    func lines(for gaps: CrossSigningGaps) -> [String] {
        var sentences: [String] = []
        if gaps.ownUserID != nil { sentences.append(L10n.screenCrossSigningMissingOwn) }
        if let other = gaps.otherUserID { sentences.append(L10n.screenCrossSigningMissingOther(TerminalSanitizer.clean(other))) }
        return sentences.flatMap { TextLayout.wrap($0, width: width) }.map(theme.warning)
    }
}
