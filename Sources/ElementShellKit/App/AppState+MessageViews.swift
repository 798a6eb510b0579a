import Foundation
import MatrixClient

extension AppState {
    /// Messages as the user sees them: named senders, `~N` numbers, the parents of replies in
    /// one line, reaction counts, thread summaries under roots, and, outside a thread view, the
    /// root's number on a thread's messages. What needs the store is read in one go.
    func views(of messages: [MessageRecord]) async -> [MessageView] {
        views(of: messages, with: await surroundings(of: messages))
    }

    /// What the store adds to the messages shown, read before the views are made, so a command
    /// can read first and then change the state and report without suspending in between.
    func surroundings(of messages: [MessageRecord], insideThread: Bool = false) async -> MessageSurroundings {
        guard !messages.isEmpty, let store = state.store else { return MessageSurroundings() }
        let eventIDs = Set(messages.map(\.eventID))
        let parentIDs = Set(messages.compactMap(\.replyTo))
        let rootIDs = insideThread ? [] : Set(messages.compactMap(\.threadRoot))
        // One after another: side by side they bought a one-shot send nothing measurable
        // (BENCHMARKS.md), and each may take a reader connection of its own.
        let parents = try? await store.messages(eventIDs: parentIDs)
        let reactions = try? await store.reactions(to: eventIDs)
        let summaries = insideThread ? [:] : try? await store.threadSummaries(roots: eventIDs)
        let roots = try? await store.messages(eventIDs: rootIDs)
        let polls = try? await store.pollResults(of: messages)
        return MessageSurroundings(parents: parents ?? [:],
                                   reactionCounts: Dictionary(grouping: reactions ?? [], by: \.targetID).mapValues(ReactionCounts.counted),
                                   threadSummaries: summaries ?? [:], threadRoots: roots ?? [:], pollResults: polls ?? [:])
    }

    /// The views of messages whose surroundings were read (see `surroundings(of:insideThread:)`).
    func views(of messages: [MessageRecord], with surroundings: MessageSurroundings) -> [MessageView] {
        messages.map { message in
            var view = view(of: message)
            view.threadSummary = surroundings.threadSummaries[message.eventID].map {
                ThreadLine(replyCount: $0.replyCount, latestSenderName: name(of: $0.latestSender))
            }
            view.threadReference = message.threadRoot.flatMap { surroundings.threadRoots[$0] }.map(reference(of:))
            view.replyQuote = message.replyTo.flatMap { surroundings.parents[$0] }.map(replyQuote(of:))
            view.poll = message.poll.map { pollView(of: $0, results: surroundings.pollResults[message.eventID] ?? PollResults()) }
            view.reactions = (surroundings.reactionCounts[message.eventID] ?? []).map { reaction in
                var named = reaction
                named.firstSenderName = reaction.firstSenderID.map(name(of:))
                return named
            }
            return view
        }
    }

    /// One message as shown, without what needs the store (see `views(of:)`).
    func view(of message: MessageRecord) -> MessageView {
        var view = MessageView(roomID: message.roomID, eventID: message.eventID, transactionID: message.transactionID,
                               sender: message.sender, senderName: name(of: message.sender), msgtype: message.msgtype,
                               body: RemoteText(message.body), formattedBody: message.formattedBody.map { RemoteText($0) },
                               timestamp: message.originServerTS,
                               isPending: false)
        view.reference = reference(of: message)
        view.isEdited = message.isEdited
        view.isRedacted = message.isRedacted
        view.redactionReason = message.redactionReason.map { RemoteText($0) }
        view.media = message.media
        view.previews = message.previews ?? []
        view.encryption = MessageEncryption(of: message, trust: state.deviceTrust)
        view.malformedField = message.malformedField
        return view
    }

    /// A poll as it stands for the user: their own choices, and names for who voted and ended it.
    func pollView(of poll: PollDefinition, results: PollResults) -> PollView {
        let own = state.session?.userID
        return PollView(definition: poll, results: results, voterNames: results.counted.map(name(of:)),
                        ownChoices: Set(results.voters.filter { $0.value.contains { $0 == own } }.keys), endedByName: results.end.map { name(of: $0.by) })
    }

    /// The one line a reply quotes of its parent: its text as formatted, not its Markdown source,
    /// the same for the sender's own echo as for everyone who receives the reply.
    func replyQuote(of parent: MessageRecord) -> ReplyQuote {
        ReplyQuote(senderName: name(of: parent.sender), body: RemoteText(parent.plainText), reference: reference(of: parent),
                   decryptionFailure: parent.decryptionFailure)
    }

    /// The message's `~N`, numbered now if it was never shown.
    func reference(of message: MessageRecord) -> Int {
        commit { $0.references.number(for: message.eventID) }
    }

    /// The sender's name, unique in the open room, or their user ID.
    func name(of userID: String) -> RemoteText {
        RemoteText(state.memberNames[userID] ?? userID)
    }

    /// Edits, redactions and reactions in the open room print as they arrive, with the number
    /// of the message they change; not when another room was opened since they were gathered.
    func show(_ gathered: GatheredChanges?, of result: SyncResult) {
        guard let gathered, let roomID = state.currentRoomID, gathered.roomID == roomID else { return }
        let changed = result.changedMessages.filter { $0.roomID == roomID }
        let reactions = result.reactions.filter { $0.roomID == roomID && $0.sender != state.session?.userID }
        // Our own edits were shown as they were queued.
        let echoed = changed.filter { state.echoedEdits[$0.eventID] == $0.body }
        commit { state in
            for message in echoed { state.echoedEdits[message.eventID] = nil }
        }
        for view in views(of: changed.filter { !echoed.contains($0) }, with: gathered.surroundings) {
            report(Report(content: .messageChanged(view), location: nil))
        }
        for reaction in reactions {
            let target = state.references.number(ifShown: reaction.targetID)
            report(Report(content: .reacted(senderName: name(of: reaction.sender), key: RemoteText(reaction.key), reference: target,
                                            excerpt: target == nil ? gathered.excerpts[reaction.targetID].map { RemoteText($0.plainText) } : nil),
                          location: nil))
        }
    }
}

/// Reactions counted per key, in the order each key was first given.
enum ReactionCounts {
    static func counted(_ reactions: [ReactionRecord]) -> [ReactionCount] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        var firstSenders: [String: String] = [:]
        for reaction in reactions {
            if counts[reaction.key] == nil {
                order.append(reaction.key)
                firstSenders[reaction.key] = reaction.sender
            }
            counts[reaction.key, default: 0] += 1
        }
        return order.map { ReactionCount(key: RemoteText($0), count: counts[$0] ?? 0, firstSenderID: firstSenders[$0]) }
    }
}
