/// Why verifying someone covered only a device: who has no cross-signing identity, and that
/// `/recovery setup` on their side makes verification cover the person.
struct CrossSigningHintText {
    let theme: Theme

    func lines(for gaps: CrossSigningGaps) -> [String] {
        var lines: [String] = []
        if gaps.ownUserID != nil { lines.append(theme.warning(L10n.screenCrossSigningMissingOwn)) }
        if let other = gaps.otherUserID { lines.append(theme.warning(L10n.screenCrossSigningMissingOther(TerminalSanitizer.clean(other)))) }
        return lines
    }
}
