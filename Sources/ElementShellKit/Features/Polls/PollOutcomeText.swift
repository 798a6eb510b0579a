/// The poll commands' results as lines.
enum PollOutcomeText {
    static func lines(for outcome: PollOutcome) -> [String] {
        switch outcome {
        case .started(let question): [L10n.screenPollStarted(question.shown)]
        case .voted(let number, let answers): [L10n.screenPollVoted(number, answers.map(\.shown).joined(separator: ", "))]
        case .ended(let number): [L10n.screenPollEndQueued(number)]
        }
    }
}
