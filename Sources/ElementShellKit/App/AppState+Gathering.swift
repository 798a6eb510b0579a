import Foundation
import MatrixClient

/// What applying an event needs from the store and the crypto machine, read before it is applied
/// (see `AppState+Events.swift`). Each part is checked against the state when it is used: names
/// read for a room no longer open are not taken.
struct Gathered {
    /// The open room's unique member names, when the event changed its members.
    var memberNames: (roomID: String, names: [String: String])?
    /// Who asks for attention, by room: the unique name in the room of its latest sender.
    var attentionSenders: [String: String] = [:]
    /// Which devices are trusted, read anew.
    var deviceTrust: DeviceTrust?
    /// What the store adds to the messages that arrived in the open room.
    var arrivals = MessageSurroundings()
    /// What the open room shows of changed messages and reactions.
    var changes: GatheredChanges?
    /// Why another person's identity could not be verified, for a verification that ended so.
    var crossSigningGaps: CrossSigningGaps?
    /// Secrets that came before a verification with another own session ended (asked for once
    /// it signed this one) and have not been told yet: `/wait secrets` waits for them too.
    var hasUntoldSecrets = false
}

/// Edits, redactions and reactions of the open room, with what the store adds to them.
struct GatheredChanges {
    let roomID: String
    let surroundings: MessageSurroundings
    /// The words of messages reacted to that were never shown with a number.
    let excerpts: [String: MessageRecord]
}

extension AppState {
    func gather(for event: ClientEvent) async -> Gathered {
        var gathered = Gathered()
        switch event {
        case .synced(let result):
            if let roomID = state.currentRoomID, result.memberChanges.contains(roomID) {
                gathered.memberNames = (roomID, MemberNames.unique(await members(of: roomID)))
            }
            gathered.attentionSenders = await attentionSenders(of: result)
            gathered.deviceTrust = await readDeviceTrust()
            gathered.arrivals = await surroundings(of: result.messages.filter(isArrival))
            gathered.changes = await gatherChanges(of: result)
        case .decrypted(let result):
            gathered.changes = await gatherChanges(of: result)
        case .verificationChanged(let summary):
            let endsNow = summary.state == .done && state.verifications.summaries[summary.number]?.state != .done
            if endsNow, !summary.isOwnUser, summary.outcome?.identity != true {
                gathered.crossSigningGaps = try? await state.crypto?.crossSigningGaps(with: summary.otherUserID)
            }
            if summary.state == .done { gathered.deviceTrust = await readDeviceTrust() }
            // Someone verified again: what their changed identity held goes (`releaseHeldMessages`).
            if endsNow, summary.outcome?.identity == true { _ = await releaseHeldMessages() }
            if endsNow, summary.isOwnUser { gathered.hasUntoldSecrets = await state.crypto?.hasUntoldSecretsArrival ?? false }
        case .secretsArrived, .identitiesChanged:
            gathered.deviceTrust = await readDeviceTrust()
        case .sendFailed, .messageSent, .syncFailed, .sessionEnded, .sentDespiteIdentityReset, .historyShared:
            break  // applied at once (`applyInOrder`)
        }
        return gathered
    }

    /// A message of the open room that this run has not shown: not our own, shown while it was
    /// sent, nor one an `/open` listed after sync had stored it. Ours from an earlier run are new here.
    func isArrival(_ message: MessageRecord) -> Bool {
        message.roomID == state.currentRoomID && state.references.number(ifShown: message.eventID) == nil
    }

    private func members(of roomID: String) async -> [MemberRecord] {
        (try? await state.store?.members(of: roomID)) ?? []
    }

    private func attentionSenders(of result: SyncResult) async -> [String: String] {
        guard state.profile.settings.notify != .off else { return [:] }
        var names: [String: String] = [:]
        for (roomID, alert) in alerts(in: result) where alert.asksForAttention {
            guard let sender = alert.message?.sender else { continue }
            names[roomID] = MemberNames.unique(await members(of: roomID))[sender]
        }
        return names
    }

    private func gatherChanges(of result: SyncResult) async -> GatheredChanges? {
        guard let roomID = state.currentRoomID else { return nil }
        let changed = result.changedMessages.filter { $0.roomID == roomID }
        let reactions = result.reactions.filter { $0.roomID == roomID && $0.sender != state.session?.userID }
        // A message never shown with a number (our own, say) is named by its words.
        let surroundings = await surroundings(of: changed)
        let unnumbered = Set(reactions.map(\.targetID).filter { state.references.number(ifShown: $0) == nil })
        let excerpts = (try? await state.store?.messages(eventIDs: unnumbered)) ?? [:]
        return GatheredChanges(roomID: roomID, surroundings: surroundings, excerpts: excerpts)
    }
}
