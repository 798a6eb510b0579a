import Foundation
import MatrixClient

extension AppState {
    func send(_ action: PollAction, in room: RoomContext) async -> Bool {
        do throws(ShellError) {
            switch action {
            case .create(let question, let answers, let kind, let maxSelections):
                let poll = PollDefinition(question: question, answers: answers.map { PollDefinition.Answer(id: UUID().uuidString.lowercased(), text: $0) },
                                          kind: kind, maxSelections: maxSelections)
                try await enqueuePoll(poll, in: room)
                return finish(.poll(.started(question: RemoteText(question))))
            case .vote(let reference, let typed):
                let (start, poll) = try await openPoll(reference, in: room)
                let chosen = try Self.answers(typed, of: poll)
                try await enqueue(eventType: PollEventType.unstableResponse, relation: .pollResponse(to: start.eventID, answers: chosen.map(\.id)),
                                           body: "", in: room)
                return finish(.poll(.voted(number: self.reference(of: start), answers: chosen.map { RemoteText($0.text) })))
            case .end(let reference):
                let (start, poll) = try await openPoll(reference, in: room)
                if start.sender != room.session.userID { try await checkMayRedactOthers(in: room, for: .endpoll) }
                try await enqueue(eventType: PollEventType.unstableEnd, relation: .pollEnd(of: start.eventID),
                                           body: L10n.commonPollEndedFallback(poll.question), in: room)
                return finish(.poll(.ended(number: self.reference(of: start))))
            }
        } catch {
            return finish(.failure(error))
        }
    }

    /// The poll a reference names, while it is open.
    private func openPoll(_ reference: MessageReference, in room: RoomContext) async throws(ShellError) -> (MessageRecord, PollDefinition) {
        let start = try await message(reference, in: room.roomID)
        guard let poll = start.poll, !start.isRedacted else { throw .notAPoll(reference.text) }
        let results = (try? await room.store.pollResults(of: [start]))?[start.eventID]
        if results?.isEnded == true { throw .pollEnded(reference.text) }
        return (start, poll)
    }

    /// The answers named by number (as shown) or by their text, each once, no more than the poll
    /// lets one choose.
    static func answers(_ typed: [String], of poll: PollDefinition) throws(ShellError) -> [PollDefinition.Answer] {
        var chosen: [PollDefinition.Answer] = []
        for word in typed {
            let found = Int(word).flatMap { poll.answers.indices.contains($0 - 1) ? poll.answers[$0 - 1] : nil }
                ?? poll.answers.first { $0.text.caseInsensitiveCompare(word) == .orderedSame }
            guard let found else { throw .unknownPollAnswer(word, count: poll.answers.count) }
            if !chosen.contains(found) { chosen.append(found) }
        }
        guard chosen.count <= poll.maxSelections else { throw .tooManyPollAnswers(allowed: poll.maxSelections) }
        return chosen
    }

    private func enqueuePoll(_ poll: PollDefinition, in room: RoomContext) async throws(ShellError) {
        var entry = OutboxEntry(transactionID: TransactionID.make(at: environment.clock.date), roomID: room.roomID, eventType: PollEventType.unstableStart,
                                msgtype: PollEventType.unstableStart, body: poll.fallbackText, createdAt: environment.clock.date.matrixTimestamp)
        entry.poll = poll
        try await enqueue(entry, in: room)
    }
}
