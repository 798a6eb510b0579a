import MatrixJSON

/// `--output json` for `/poll`, `/vote` and `/endpoll`; the fields are in docs/json-output.md.
extension PollOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .started(let question): ["question": question.json, "queued": true]
        case .voted(let number, let answers): ["ref": .string("~\(number)"), "answers": .array(answers.map(\.json)), "queued": true]
        case .ended(let number): ["ref": .string("~\(number)"), "queued": true]
        }
    }
}
