import MatrixJSON

/// A poll as its start event asks it (MSC3381): the question, the answers to choose from, how
/// many may be chosen, and whether the votes show before it ends. Read from both the unstable
/// names Element sends (`org.matrix.msc3381.poll.start`) and the stable ones (`m.poll.start`);
/// sent with the unstable names, which is what Element and Element X read.
public struct PollDefinition: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// Everyone sees the votes as they come.
        case disclosed
        /// Only who voted shows until the poll ends: the MSC's default for kinds not known.
        case undisclosed
    }

    public struct Answer: Sendable, Equatable, Codable {
        public var id: String
        public var text: String

        public init(id: String, text: String) {
            self.id = id
            self.text = text
        }
    }

    public var question: String
    public var answers: [Answer]
    public var kind: Kind
    public var maxSelections: Int

    /// The MSC truncates the answers to this many.
    public static let maximumAnswers = 20

    public init(question: String, answers: [Answer], kind: Kind = .disclosed, maxSelections: Int = 1) {
        self.question = question
        self.answers = answers
        self.kind = kind
        self.maxSelections = min(max(maxSelections, 1), max(answers.count, 1))
    }

    /// The poll a start event's content asks, or `nil` when it asks none: no question, or no
    /// answer with an ID and a text. Answers past the twentieth and those repeating an earlier
    /// answer's ID are left out; `max_selections` is kept between one and the answers' count.
    public init?(content: JSONValue) {
        let unstable = content[PollEventType.unstableStart]
        guard let poll = unstable ?? content["m.poll"] ?? content[PollEventType.stableStart],
              let question = poll["question"].flatMap(Self.text), !question.isEmpty else { return nil }
        var seen: Set<String> = []
        let answers = (poll["answers"]?.array ?? []).compactMap { answer -> Answer? in
            guard let id = answer["id"]?.string ?? answer["m.id"]?.string, !id.isEmpty, let text = Self.text(answer), seen.insert(id).inserted else { return nil }
            return Answer(id: id, text: text)
        }.prefix(Self.maximumAnswers)
        guard !answers.isEmpty else { return nil }
        let kind = poll["kind"]?.string
        self.init(question: question, answers: Array(answers),
                  kind: Self.disclosedKinds.contains(kind ?? "") ? .disclosed : .undisclosed, maxSelections: poll["max_selections"]?.int ?? 1)
    }

    /// The content of a start event that asks this poll, with the text fallback clients without
    /// polls show.
    public var content: JSONValue {
        let answers: [JSONValue] = answers.map { ["id": .string($0.id), PollEventType.unstableText: .string($0.text)] }
        return [
            PollEventType.unstableStart: [
                "question": [PollEventType.unstableText: .string(question)], "answers": .array(answers),
                "kind": .string(kind == .disclosed ? "org.matrix.msc3381.poll.disclosed" : "org.matrix.msc3381.poll.undisclosed"),
                "max_selections": .integer(Int64(maxSelections)),
            ],
            PollEventType.unstableText: .string(fallbackText),
        ]
    }

    /// The question and its numbered answers, one a line.
    public var fallbackText: String {
        ([question] + answers.enumerated().map { "\($0.offset + 1). \($0.element.text)" }).joined(separator: "\n")
    }

    /// A question's or an answer's text: a plain string (`org.matrix.msc1767.text`, older `m.text`)
    /// or the extensible events' list of representations (`m.text: [{body}]`), plain text first.
    private static func text(_ block: JSONValue) -> String? {
        if let text = block[PollEventType.unstableText]?.string ?? block["m.text"]?.string ?? block["body"]?.string { return text }
        let representations = block["m.text"]?.array ?? []
        let plain = representations.first { ($0["mimetype"]?.string ?? "text/plain") == "text/plain" } ?? representations.first
        return plain?["body"]?.string
    }

    private static let disclosedKinds: Set = ["org.matrix.msc3381.poll.disclosed", "m.disclosed", "m.poll.disclosed"]
}
