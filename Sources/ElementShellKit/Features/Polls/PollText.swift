import MatrixClient

/// A poll's lines under its sender: the question, the numbered answers (with their votes where
/// they show), then who voted, or how it ended, and how to vote. The question and answers are
/// the sender's text: sanitized.
struct PollText {
    let theme: Theme

    func lines(for poll: PollView, reference: Int?) -> [String] {
        let definition = poll.definition
        let winners = poll.results.isEnded ? Set(poll.results.winners(of: definition)) : []
        var lines = [L10n.screenPollQuestion(clean(definition.question))]
        for (index, answer) in definition.answers.enumerated() {
            let count = poll.results.count(of: answer.id)
            var line = poll.showsCounts
                ? (count == 1 ? L10n.screenPollAnswerVotesOne(index + 1, clean(answer.text)) : L10n.screenPollAnswerVotesOther(index + 1, clean(answer.text), count))
                : L10n.screenPollAnswer(index + 1, clean(answer.text))
            if poll.ownChoices.contains(answer.id) { line += " " + theme.accent(L10n.screenPollOwnChoice) }
            lines.append(winners.contains(answer.id) ? theme.bold(line) : line)
        }
        lines.append(theme.dim(footer(for: poll, reference: reference, winners: definition.answers.filter { winners.contains($0.id) })))
        return lines
    }

    private func footer(for poll: PollView, reference: Int?, winners: [PollDefinition.Answer]) -> String {
        let voters = poll.results.counted.count
        let total = switch voters {
        case 0: L10n.screenPollVotersNone
        case 1: L10n.screenPollVotersOne
        default: L10n.screenPollVotersOther(voters)
        }
        if poll.results.isEnded {
            let by = poll.endedByName?.shown ?? ""
            guard !winners.isEmpty else { return L10n.screenPollEndedNoVotes(by) }
            return L10n.screenPollEnded(by, winners.map { clean($0.text) }.joined(separator: ", "), total)
        }
        var parts = [poll.showsCounts || voters == 0 ? total : L10n.screenPollVotersHidden(poll.voterNames.map(\.shown).joined(separator: ", "))]
        if poll.definition.maxSelections > 1 { parts.append(L10n.screenPollChooseUpTo(poll.definition.maxSelections)) }
        if let reference { parts.append(L10n.screenPollVoteHint(reference)) }
        return parts.joined(separator: " · ")
    }

    private func clean(_ text: String) -> String {
        TerminalSanitizer.clean(text)
    }
}
