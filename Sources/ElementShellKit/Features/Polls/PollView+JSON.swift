import MatrixJSON

/// A poll in a message object of `--output json`; the fields are in docs/json-output.md.
extension PollView {
    var json: JSONValue {
        [
            "question": .string(definition.question), "kind": .string(definition.kind.rawValue),
            "max_selections": .integer(Int64(definition.maxSelections)),
            "answers": .array(definition.answers.enumerated().map { index, answer in
                ["number": .integer(Int64(index + 1)), "id": .string(answer.id), "text": .string(answer.text),
                 "votes": showsCounts ? .integer(Int64(results.count(of: answer.id))) : .null, "chosen": .bool(ownChoices.contains(answer.id))]
            }),
            "voters": .array(results.counted.map { .string($0) }), "spoiled": .integer(Int64(results.spoiled.count)),
            "ended": .bool(results.isEnded), "ended_by": results.end.map { .string($0.by) } ?? .null,
            "winners": .array(results.isEnded ? results.winners(of: definition).map { .string($0) } : []),
        ]
    }
}
