import MatrixClient

/// Reads `/poll "QUESTION" "ANSWER" "ANSWER"… [--undisclosed] [--multiple K]` (quotes keep
/// spaces) and `/vote MESSAGE ANSWER…`.
enum PollArguments {
    static func create(from text: String) throws(CommandParseError) -> PollAction {
        let command = CommandName.poll.rawValue
        var tokenizer = ArgumentTokenizer(text)
        var words = try tokenizer.remainingWords(of: command)
        var kind = PollDefinition.Kind.disclosed
        var maxSelections = 1
        if let index = words.firstIndex(of: "--undisclosed") {
            kind = .undisclosed
            words.remove(at: index)
        }
        if let index = words.firstIndex(of: "--multiple") {
            guard words.indices.contains(index + 1), let count = Int(words[index + 1]), count >= 1 else { throw .usage(command: command) }
            maxSelections = count
            words.removeSubrange(index...index + 1)
        }
        let answers = Array(words.dropFirst())
        guard let question = words.first, !words.contains(where: { $0.hasPrefix("--") }), (2...PollDefinition.maximumAnswers).contains(answers.count),
              maxSelections <= answers.count, !question.isEmpty, !answers.contains(where: \.isEmpty) else { throw .usage(command: command) }
        return .create(question: question, answers: answers, kind: kind, maxSelections: maxSelections)
    }

    static func vote(from text: String) throws(CommandParseError) -> PollAction {
        let command = CommandName.vote.rawValue
        var tokenizer = ArgumentTokenizer(text)
        let words = try tokenizer.remainingWords(of: command)
        guard let first = words.first, words.count >= 2 else { throw .usage(command: command) }
        guard let reference = MessageReference(first) else { throw .invalidReference(command: command, value: first) }
        return .vote(reference, answers: Array(words.dropFirst()))
    }
}
