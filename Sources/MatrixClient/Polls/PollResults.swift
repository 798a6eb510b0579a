/// How a poll stands, counted as MSC3381 counts: each voter's latest vote (by its timestamp)
/// is theirs, even a spoiled one; a vote that names an answer the poll does not have is spoiled;
/// answers past `max_selections` are dropped, repeats count once; the first end by its creator
/// or by someone who may remove others' messages ends it, and votes after it do not count.
public struct PollResults: Sendable, Equatable {
    /// Who chose each answer, by answer ID.
    public var voters: [String: [String]] = [:]
    /// Everyone whose vote counts, in the order of their votes.
    public var counted: [String] = []
    /// Those whose latest vote was spoiled.
    public var spoiled: [String] = []
    /// When the poll ended and who ended it; `nil` while it is open.
    public var end: PollEnd?

    public init() {}

    public var isEnded: Bool { end != nil }

    public func count(of answerID: String) -> Int {
        voters[answerID]?.count ?? 0
    }

    /// The answers with the most votes, where any has votes.
    public func winners(of poll: PollDefinition) -> [String] {
        let most = poll.answers.map { count(of: $0.id) }.max() ?? 0
        return most == 0 ? [] : poll.answers.filter { count(of: $0.id) == most }.map(\.id)
    }
}

public struct PollEnd: Sendable, Equatable {
    public var at: Int64
    public var by: String
}

extension PollDefinition {
    /// The poll's results from its votes and ends; `mayEnd` says whether someone other than its
    /// `creator` may end it (may remove others' messages).
    public func results(of responses: [PollResponse], creator: String, mayEnd: (String) -> Bool) -> PollResults {
        var results = PollResults()
        // Ordered by time, the order they arrived in breaking ties.
        let ordered = responses.enumerated().sorted { ($0.element.originServerTS, $0.offset) < ($1.element.originServerTS, $1.offset) }.map(\.element)
        if let end = ordered.first(where: { $0.isEnd && ($0.sender == creator || mayEnd($0.sender)) }) {
            results.end = PollEnd(at: end.originServerTS, by: end.sender)
        }
        var latest: [String: PollResponse] = [:], order: [String] = []
        for vote in ordered where !vote.isEnd {
            if let end = results.end, vote.originServerTS > end.at { continue }
            if latest[vote.sender] == nil { order.append(vote.sender) }
            latest[vote.sender] = vote
        }
        let known = Set(answers.map(\.id))
        for sender in order {
            let chosen = (latest[sender]?.selections ?? []).prefix(maxSelections)
            guard chosen.allSatisfy(known.contains) else {
                results.spoiled.append(sender)
                continue
            }
            var once: Set<String> = []
            let unique = chosen.filter { once.insert($0).inserted }
            // An empty choice takes the vote back.
            guard !unique.isEmpty else { continue }
            results.counted.append(sender)
            for answerID in unique { results.voters[answerID, default: []].append(sender) }
        }
        return results
    }
}
