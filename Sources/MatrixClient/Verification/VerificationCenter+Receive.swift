import Foundation
import MatrixCrypto
import MatrixJSON

/// The verification messages a sync brought: each goes to its flow, or opens one (a request to
/// us, a legacy start). What is malformed, stale, or from someone other than the flow's other
/// side never moves a flow forward.
extension VerificationCenter {
    /// To-device messages in the clear and the timeline events of joined rooms (decrypted).
    public func receive(toDevice events: [SyncEvent], rooms: [String: [SyncEvent]]) async {
        let toDevice = events.filter { $0.type.hasPrefix(VerificationMessage.typePrefix) }
        let replaced = Self.replacedRequests(toDevice.compactMap { VerificationMessage(toDeviceType: $0.type, sender: $0.sender, content: $0.content) })
        for event in toDevice where !replaced.contains(event.content["transaction_id"]?.string ?? "") {
            await receiveToDevice(event)
        }
        for (roomID, timeline) in rooms {
            let messages = timeline.map { event in VerificationMessage(roomEvent: event).map { ($0, event.originServerTS) } }
            let replaced = Self.replacedRequests(messages.compactMap { $0?.0 })
            let finished = Self.finishedRequests(messages.compactMap { $0?.0 })
            for case let (message, sentAt)? in messages where !replaced.contains(message.flowID) {
                if case .request = message.step, finished.contains(message.flowID) { continue }
                await receive(message, inRoom: roomID, sentAt: sentAt)
            }
        }
    }

    /// The flow IDs of requests a later request from the same device in the same batch replaces:
    /// a chat joined late holds every try, and only the last is worth asking the user about.
    static func replacedRequests(_ messages: [VerificationMessage]) -> Set<String> {
        var newest: [String: String] = [:]
        var replaced: Set<String> = []
        for message in messages {
            guard case .request(let device, _, _, _) = message.step else { continue }
            if let earlier = newest.updateValue(message.flowID, forKey: "\(message.sender) \(device)") { replaced.insert(earlier) }
        }
        return replaced
    }

    /// The flow IDs of requests that ended (done or cancelled) in the same batch: a device that
    /// signs in after them finds a conversation's history, nothing to answer.
    static func finishedRequests(_ messages: [VerificationMessage]) -> Set<String> {
        Set(messages.compactMap { message in
            switch message.step {
            case .done, .cancel: message.flowID
            default: nil
            }
        })
    }

    private func receiveToDevice(_ event: SyncEvent) async {
        guard let message = VerificationMessage(toDeviceType: event.type, sender: event.sender, content: event.content) else {
            // A known flow given something it cannot read ends; anything else is dropped.
            if let flowID = event.content["transaction_id"]?.string, entries["\(event.sender) \(flowID)"] != nil {
                await end("\(event.sender) \(flowID)", .invalidMessage)
            }
            return
        }
        let key = "\(message.sender) \(message.flowID)"
        switch message.step {
        case .request(let device, let methods, let timestamp, _):
            guard !(message.sender == own.userID && device == own.deviceID), isFresh(timestamp) else { return }
            await openIncoming(message.flowID, from: message.sender, device: device, methods: methods, channel: .toDevice, sentAt: timestamp)
        case .start(let start) where entries[key] == nil:
            guard message.sender != own.userID || start.fromDevice != own.deviceID else { return }
            await openLegacy(start, flowID: message.flowID, from: message.sender)
        case .cancel where entries[key] == nil, .start where entries[key] == nil:
            return
        default:
            guard entries[key] != nil else {
                // Anything else must belong to a flow we know (the spec's unknown transaction).
                let cancel: JSONValue = ["transaction_id": .string(message.flowID), "code": .string(VerificationCancelCode.unknownTransaction.code),
                                         "reason": .string(VerificationCancelCode.unknownTransaction.reason)]
                try? await transport.sendToDevice(type: VerificationMessage.typePrefix + "cancel", messages: [message.sender: ["*": cancel]])
                return
            }
            await step(message.step, key: key)
        }
    }

    private func receive(_ message: VerificationMessage, inRoom roomID: String, sentAt: Int64?) async {
        let key = "\(roomID) \(message.flowID)"
        if message.sender == own.userID {
            // Our own echo, or another of our devices answering a request to us: then it is theirs.
            if let entry = entries[key], entry.flow.isIncoming, entry.flow.phase == .requested {
                switch message.step {
                case .ready(let device, _) where device != own.deviceID: await dismiss(key)
                case .cancel: await dismiss(key)
                default: break
                }
            }
            return
        }
        if case .request(let device, let methods, _, let to) = message.step {
            guard to == own.userID, entries[key] == nil, isFresh(sentAt) else { return }
            await openIncoming(message.flowID, from: message.sender, device: device, methods: methods, channel: .room(roomID), sentAt: sentAt)
            return
        }
        // Steps of flows not ours, or long over, are history.
        guard let entry = entries[key], entry.flow.otherUserID == message.sender else { return }
        await step(message.step, key: key)
    }

    /// A request within ten minutes before and five after now; one without a time is not.
    private func isFresh(_ milliseconds: Int64?) -> Bool {
        guard let milliseconds else { return false }
        let age = clock.date.timeIntervalSince1970 - TimeInterval(milliseconds) / 1000
        return age < Self.staleAfter && -age < Self.earlyBy
    }

    /// A request to us: shown until the user answers, two minutes at most. Our own request to
    /// the same side crossing it: the one from the lower user (then device) ID stands.
    private func openIncoming(_ flowID: String, from sender: String, device: String, methods: [String], channel: VerificationFlow.Channel,
                              sentAt: Int64?) async {
        var flow = VerificationFlow(id: flowID, channel: channel, own: own, otherUserID: sender, otherDeviceID: device, isIncoming: true)
        flow.methods = VerificationFlow.usableMethods(theirs: methods)
        let key = Self.key(for: flow)
        guard entries[key] == nil else { return }
        let crossing = entries.first { !$0.value.flow.isIncoming && $0.value.flow.phase == .requested && $0.value.flow.otherUserID == sender
            && ($0.value.flow.otherDeviceID == nil || $0.value.flow.otherDeviceID == device) }
        if crossing != nil, (own.userID, own.deviceID) < (sender, device) { return }
        // Another request from the same device replaces its earlier ones.
        for (other, entry) in entries where entry.flow.isIncoming && entry.flow.otherUserID == sender && entry.flow.otherDeviceID == device
            && !entry.flow.phase.isOver {
            await end(other, .unexpectedMessage)
        }
        _ = add(flow, lifetime: promptLifetime(sentAt: sentAt))
        if let crossing {
            // Both sides wanted it: ours gives way and theirs is accepted at once.
            await cancel(crossing.key, .user)
            _ = await changed(crossing.key)
            _ = try? await accept(flowID)
            return
        }
        logger.info("verification requested", metadata: ["user": "\(sender)", "device": "\(device)", "flow": "\(flowID)"])
        _ = await changed(key)
    }

    /// A `start` with no request before it, as older clients send to-device.
    private func openLegacy(_ start: VerificationStart, flowID: String, from sender: String) async {
        var flow = VerificationFlow(id: flowID, channel: .toDevice, own: own, otherUserID: sender, otherDeviceID: start.fromDevice, isIncoming: true)
        do {
            try flow.holdLegacyStart(start)
        } catch {
            let cancel: JSONValue = ["transaction_id": .string(flowID), "code": .string(error.code), "reason": .string(error.reason)]
            try? await transport.sendToDevice(type: VerificationMessage.typePrefix + "cancel", messages: [sender: [start.fromDevice: cancel]])
            return
        }
        let key = add(flow, lifetime: Self.promptLifetime)
        _ = await changed(key)
    }

    /// Two minutes from now, or less when the request's ten minutes end sooner.
    private func promptLifetime(sentAt: Int64?) -> Duration {
        guard let sentAt else { return Self.promptLifetime }
        let left = Self.staleAfter - (clock.date.timeIntervalSince1970 - TimeInterval(sentAt) / 1000)
        return min(Self.promptLifetime, .milliseconds(Int64(max(0, left) * 1000)))
    }

    /// One step of a known flow from its other side.
    private func step(_ step: VerificationMessage.Step, key: String) async {
        var qrCode: VerificationQRData?
        if case .ready(let device, let methods) = step, let flow = entries[key]?.flow, !flow.isIncoming, flow.phase == .requested {
            qrCode = await self.qrCode(for: key, methods: VerificationFlow.usableMethods(theirs: methods), otherDevice: device)
        }
        guard var entry = entries[key], !entry.flow.phase.isOver else { return }
        do throws(VerificationCancelCode) {
            let replies: [VerificationFlow.Outgoing]
            switch step {
            case .request:
                throw .unexpectedMessage
            case .ready(let device, let methods):
                replies = try entry.flow.receiveReady(fromDevice: device, methods: methods, showing: qrCode)
            case .start(let start):
                replies = try entry.flow.receiveStart(start)
            case .accept(let accept):
                replies = try entry.flow.receiveAccept(accept)
            case .key(let key):
                replies = try entry.flow.receiveKey(key)
            case .mac(let mac, let keys):
                try entry.flow.receiveMAC(mac: mac, keys: keys)
                replies = []
            case .done:
                try entry.flow.receiveDone()
                replies = []
            case .cancel(let code, _):
                _ = entry.flow.cancel(VerificationCancelCode(code: code), byUs: false)
                replies = []
            }
            // Written back before anything waits: a user's step may run meanwhile.
            entries[key] = entry
            if case .ready(let device, _) = step { await tellOthersTaken(entry, answeredBy: device) }
            try? await send(replies, for: key)
        } catch {
            entries[key] = entry
            await end(key, error)
            return
        }
        await checkKeysIfDue(key)
        _ = await changed(key)
    }

    /// Our request went to several own devices and one answered: the others stop showing it.
    private func tellOthersTaken(_ entry: Entry, answeredBy device: String) async {
        let others = entry.askedDevices.filter { $0 != device }
        guard entry.flow.channel == .toDevice, !others.isEmpty else { return }
        let cancel: JSONValue = ["transaction_id": .string(entry.flow.id), "code": .string(VerificationCancelCode.accepted.code),
                                 "reason": .string(VerificationCancelCode.accepted.reason)]
        try? await transport.sendToDevice(type: VerificationMessage.typePrefix + "cancel",
                                          messages: [entry.flow.otherUserID: Dictionary(uniqueKeysWithValues: others.map { ($0, cancel) })])
    }

    /// Cancels from our side and reports it.
    private func end(_ key: String, _ code: VerificationCancelCode) async {
        await cancel(key, code)
        _ = await changed(key)
    }

    /// Another of our devices took the request: it ends here without a word to the other side.
    private func dismiss(_ key: String) async {
        guard var entry = entries[key] else { return }
        _ = entry.flow.cancel(.accepted, byUs: false)
        entries[key] = entry
        _ = await changed(key)
    }
}
