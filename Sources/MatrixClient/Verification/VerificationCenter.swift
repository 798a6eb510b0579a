import Foundation
import Logging
import MatrixCrypto
import MatrixJSON

/// The session's key verifications: it takes the verification messages each sync brings (to
/// devices and in rooms), runs one `VerificationFlow` per verification, sends what they answer,
/// times them out, and on success makes the other device (and its owner's identity) trusted
/// through the crypto machine. Each change is reported as a `VerificationSummary`; the flows
/// live as long as the run (a restart drops them, as the other side's would time out anyway).
public actor VerificationCenter {
    /// How long a verification may take, and how long an unanswered request stays (the spec's
    /// ten minutes); a request to us is dismissed sooner, two minutes after it came.
    static let lifetime: Duration = .seconds(600)
    static let promptLifetime: Duration = .seconds(120)
    /// A request further off than this from now is stale (or forged) and ignored.
    static let staleAfter: TimeInterval = 600
    static let earlyBy: TimeInterval = 300

    struct Entry {
        var flow: VerificationFlow
        let number: Int
        /// Own devices asked at once (a request to all of them); the others are told when one answers.
        var askedDevices: [String] = []
        var outcome: VerificationSummary.Outcome?
        var timers: [Task<Void, Never>] = []
    }

    let crypto: CryptoMachine
    let transport: any VerificationTransport
    /// The session's clock: timeouts run on it, and a request's age is read from its date.
    let clock: any ShellClock
    let logger: Logger
    private var report: @Sendable (VerificationSummary) async -> Void = { _ in }
    var entries: [String: Entry] = [:]
    private var nextNumber = 1

    public init(crypto: CryptoMachine, transport: any VerificationTransport, clock: any ShellClock = SystemClock(),
                logger: Logger = Logger(label: "element-shell.verification")) {
        self.crypto = crypto
        self.transport = transport
        self.clock = clock
        self.logger = logger
    }

    /// Where changes go; set once by whoever shows them.
    public func onChange(_ report: @escaping @Sendable (VerificationSummary) async -> Void) {
        self.report = report
    }

    var own: SASParty { SASParty(userID: crypto.userID, deviceID: crypto.deviceID) }

    // MARK: What the user does

    /// Asks this user's other devices; the first to answer verifies with this one.
    public func requestOwnDevices() async throws(VerificationError) -> VerificationSummary {
        let devices = ((try? await crypto.devices(of: own.userID)) ?? []).map(\.deviceID).filter { $0 != own.deviceID }
        guard !devices.isEmpty else { throw .noOtherDevice }
        return try await startRequest(to: own.userID, devices: devices, channel: .toDevice)
    }

    /// Asks one device of a user, to-device.
    public func request(userID: String, deviceID: String) async throws(VerificationError) -> VerificationSummary {
        guard (try? await crypto.devices(of: userID))?.contains(where: { $0.deviceID == deviceID }) == true else {
            throw .unknownDevice(userID: userID, deviceID: deviceID)
        }
        return try await startRequest(to: userID, devices: [deviceID], channel: .toDevice)
    }

    /// Asks another user in a direct chat with them, where any of their devices may answer.
    public func request(userID: String, inRoom roomID: String) async throws(VerificationError) -> VerificationSummary {
        try await startRequest(to: userID, devices: [], channel: .room(roomID))
    }

    private func startRequest(to userID: String, devices: [String], channel: VerificationFlow.Channel)
        async throws(VerificationError) -> VerificationSummary {
        let timestamp = clock.date.matrixTimestamp
        var flow = VerificationFlow(id: UUID().uuidString, channel: channel, own: own, otherUserID: userID,
                                    otherDeviceID: devices.count == 1 ? devices[0] : nil, isIncoming: false)
        let request = flow.request(at: timestamp, to: userID)
        do {
            switch channel {
            case .toDevice:
                try await transport.sendToDevice(type: request.type, messages: [userID: Dictionary(uniqueKeysWithValues: devices.map { ($0, request.content) })])
            case .room(let roomID):
                // In a room the flow is known by its request's event ID.
                let eventID = try await transport.sendInRoom(roomID, type: request.type, content: request.content)
                flow = VerificationFlow(id: eventID, channel: channel, own: own, otherUserID: userID, otherDeviceID: nil, isIncoming: false)
            }
        } catch {
            throw .server(error)
        }
        logger.info("asked for a verification", metadata: ["user": "\(userID)", "flow": "\(flow.id)"])
        let key = add(flow, askedDevices: devices, lifetime: Self.lifetime)
        return await changed(key)
    }

    /// Accepts a request to us (or a legacy start); a QR code is shown when they can scan it.
    public func accept(_ reference: String?) async throws(VerificationError) -> VerificationSummary {
        let key = try find(reference)
        let qrCode = await qrCode(for: key, methods: entries[key]?.flow.methods ?? [], otherDevice: nil)
        return try await act(on: reference) { flow throws(VerificationCancelCode) in try flow.accept(showing: qrCode) }
    }

    /// The user chooses to compare emoji while a QR code is shown.
    public func startEmoji(_ reference: String?) async throws(VerificationError) -> VerificationSummary {
        try await act(on: reference) { flow throws(VerificationCancelCode) in try flow.startSAS() }
    }

    /// The user says the emoji (or numbers) match, or that the other device scanned our code.
    public func confirm(_ reference: String?) async throws(VerificationError) -> VerificationSummary {
        let ownKeys = await crypto.ownVerificationKeys()
        return try await act(on: reference) { flow throws(VerificationCancelCode) in
            flow.phase == .reciprocated ? try flow.confirmScan() : try flow.confirm(ownKeys: ownKeys)
        }
    }

    /// The user says they differ (cancelled with `m.mismatched_sas` on both sides), or that the
    /// other device did not scan our code (`m.user`).
    public func mismatch(_ reference: String?) async throws(VerificationError) -> VerificationSummary {
        let key = try find(reference)
        switch entries[key]?.flow.phase {
        case .comparing: await cancel(key, .mismatchedSAS)
        case .reciprocated: await cancel(key, .user)
        default: throw .notNow(number: entries[key]?.number ?? 0)
        }
        return await changed(key)
    }

    public func cancel(_ reference: String?) async throws(VerificationError) -> VerificationSummary {
        let key = try find(reference)
        await cancel(key, .user)
        return await changed(key)
    }

    /// Every verification of this run, newest last.
    public func summaries() -> [VerificationSummary] {
        entries.keys.map(summary).sorted { $0.number < $1.number }
    }

    /// Runs a user's step on a flow: what it answers goes out; a step the phase does not allow
    /// is refused without ending the flow.
    private func act(on reference: String?, _ step: (inout VerificationFlow) throws(VerificationCancelCode) -> [VerificationFlow.Outgoing])
        async throws(VerificationError) -> VerificationSummary {
        let key = try find(reference)
        guard var entry = entries[key] else { throw .notFound(reference ?? "") }
        let outgoing: [VerificationFlow.Outgoing]
        do {
            outgoing = try step(&entry.flow)
        } catch {
            throw .notNow(number: entry.number)
        }
        entries[key] = entry
        if entry.flow.phase != .requested { stopPrompt(key) }
        do {
            try await send(outgoing, for: key)
        } catch {
            throw .server(error)
        }
        await checkKeysIfDue(key)
        await trustReciprocationIfDue(key)
        return await changed(key)
    }

    /// A flow by its number or ID; without either, the one that is not over yet.
    private func find(_ reference: String?) throws(VerificationError) -> String {
        guard let reference else {
            let running = entries.filter { !$0.value.flow.phase.isOver }
            guard let only = running.first else { throw .none }
            guard running.count == 1 else { throw .ambiguous(running.values.map(\.number).sorted()) }
            return only.key
        }
        let match = entries.first { "\($0.value.number)" == reference || $0.value.flow.id == reference }
        guard let match else { throw .notFound(reference) }
        return match.key
    }

    // MARK: Bookkeeping

    /// Adds a flow, timed out after `lifetime`; returns its key.
    func add(_ flow: VerificationFlow, askedDevices: [String] = [], lifetime: Duration) -> String {
        let key = Self.key(for: flow)
        var entry = Entry(flow: flow, number: nextNumber, askedDevices: askedDevices)
        nextNumber += 1
        entry.timers.append(timer(key, after: Self.lifetime))
        if lifetime < Self.lifetime { entry.timers.append(timer(key, after: lifetime)) }
        entries[key] = entry
        return key
    }

    static func key(for flow: VerificationFlow) -> String {
        switch flow.channel {
        case .toDevice: "\(flow.otherUserID) \(flow.id)"
        case .room(let roomID): "\(roomID) \(flow.id)"
        }
    }

    private func timer(_ key: String, after delay: Duration) -> Task<Void, Never> {
        let due = clock.now + delay
        return Task { [clock] in
            guard (try? await clock.sleep(until: due)) != nil else { return }
            await self.expire(key)
        }
    }

    /// The prompt timer of an incoming request, once the user answered it.
    private func stopPrompt(_ key: String) {
        guard let entry = entries[key], entry.timers.count > 1 else { return }
        entry.timers[1].cancel()
        entries[key]?.timers.removeLast()
    }

    private func expire(_ key: String) async {
        guard let entry = entries[key], !entry.flow.phase.isOver else { return }
        logger.info("verification timed out", metadata: ["flow": "\(entry.flow.id)"])
        await cancel(key, .timeout)
        _ = await changed(key)
    }

    /// Ends a flow from this side: the cancel goes to the other side (all asked devices while
    /// none answered).
    func cancel(_ key: String, _ code: VerificationCancelCode) async {
        guard var entry = entries[key], let message = entry.flow.cancel(code, byUs: true) else { return }
        entries[key] = entry
        try? await send([message], for: key)
    }

    /// Sends a flow's messages where its channel says.
    func send(_ messages: [VerificationFlow.Outgoing], for key: String) async throws(MatrixError) {
        guard let entry = entries[key] else { return }
        let flow = entry.flow
        for message in messages {
            switch flow.channel {
            case .toDevice:
                let devices = flow.otherDeviceID.map { [$0] } ?? entry.askedDevices
                guard !devices.isEmpty else { continue }
                try await transport.sendToDevice(type: message.type,
                                                 messages: [flow.otherUserID: Dictionary(uniqueKeysWithValues: devices.map { ($0, message.content) })])
            case .room(let roomID):
                _ = try await transport.sendInRoom(roomID, type: message.type, content: message.content)
            }
        }
    }

    /// Once the user confirmed and their MAC is in: their keys are checked, and on success
    /// trusted.
    func checkKeysIfDue(_ key: String) async {
        guard let flow = entries[key]?.flow, flow.awaitsKeyCheck, let other = flow.other else { return }
        let theirKeys = await crypto.verificationKeys(of: other.userID, deviceID: other.deviceID)
        // The user's step and a sync may both have come here: only one checks.
        guard var entry = entries[key], entry.flow.awaitsKeyCheck else { return }
        do {
            let done = try entry.flow.checkKeys(theirKeys: theirKeys)
            entries[key] = entry
            try? await send(done, for: key)
            entries[key]?.outcome = await trust(entry.flow)
        } catch {
            logger.warning("verification keys did not match", metadata: ["flow": "\(flow.id)"])
            await cancel(key, error)
        }
    }

    /// Once the user confirmed that the other device scanned our code: what it proved is trusted.
    private func trustReciprocationIfDue(_ key: String) async {
        guard let entry = entries[key], entry.flow.reciprocatedCode != nil, entry.flow.userConfirmed, entry.outcome == nil else { return }
        entries[key]?.outcome = await trust(entry.flow)
    }

    /// Makes what the MACs or the scanned code proved trusted: the other device; another user's
    /// master key, signed with our user-signing key; for an own device, the secrets this one
    /// lacks are asked for. A code shown to another user proves their master key, not a device.
    private func trust(_ flow: VerificationFlow) async -> VerificationSummary.Outcome {
        guard let other = flow.other else { return .init(device: false, identity: false, requestedSecrets: false) }
        let master: String?
        if let code = flow.reciprocatedCode {
            master = code.mode == .verifyingAnotherUser ? code.secondKey : nil
        } else {
            master = flow.verifiedKeyIDs.subtracting(["ed25519:\(other.deviceID)"]).first.map { String($0.dropFirst("ed25519:".count)) }
        }
        let provesDevice = flow.reciprocatedCode.map { $0.mode != .verifyingAnotherUser } ?? true
        let device = provesDevice ? await crypto.setVerified(true, userID: other.userID, deviceID: other.deviceID) : false
        var outcome = VerificationSummary.Outcome(device: device, identity: false, requestedSecrets: false)
        if other.userID == own.userID {
            outcome.requestedSecrets = await crypto.requestMissingSecrets()
        } else if let master {
            outcome.identity = (try? await crypto.verifyIdentity(of: other.userID, fingerprint: master)) != nil
        }
        logger.info("verified a device interactively", metadata: ["user": "\(other.userID)", "device": "\(other.deviceID)",
                                                                  "identity": "\(outcome.identity)"])
        return outcome
    }

    /// Reports the flow as it stands now, and returns it.
    func changed(_ key: String) async -> VerificationSummary {
        let current = summary(key)
        if let entry = entries[key], entry.flow.phase.isOver {
            entry.timers.forEach { $0.cancel() }
            entries[key]?.timers = []
        }
        await report(current)
        return current
    }

    func summary(_ key: String) -> VerificationSummary {
        let entry = entries[key]!
        let flow = entry.flow
        let state: VerificationSummary.State = switch flow.phase {
        case .requested: flow.isIncoming ? .incoming : .requested
        case .ready where flow.qrCode != nil: .showingQRCode
        case .ready, .started: .started
        case .comparing: .comparing
        case .reciprocated: .reciprocated
        case .confirmed, .verified: entry.outcome == nil ? .confirmed : .done
        case .done: .done
        case .cancelled(let code, let byUs): .cancelled(code, byUs: byUs)
        }
        let roomID: String? = if case .room(let roomID) = flow.channel { roomID } else { nil }
        let comparing = flow.emojiIndices != nil || flow.decimals != nil
        return VerificationSummary(number: entry.number, flowID: flow.id, otherUserID: flow.otherUserID, isOwnUser: flow.otherUserID == own.userID,
                                   otherDeviceID: flow.otherDeviceID,
                                   roomID: roomID, isIncoming: flow.isIncoming, state: state,
                                   emojiIndices: comparing ? flow.emojiIndices : nil, decimals: comparing ? flow.decimals : nil,
                                   qrCode: flow.phase == .ready ? flow.qrCode?.encoded : nil, outcome: entry.outcome)
    }
}

extension VerificationCenter {
    /// The code to show in a flow whose `methods` allow it, to `otherDevice` or the flow's.
    func qrCode(for key: String, methods: [String], otherDevice: String?) async -> VerificationQRData? {
        guard VerificationFlow.showsQRCode(methods), let flow = entries[key]?.flow, let device = otherDevice ?? flow.otherDeviceID else { return nil }
        return await crypto.verificationQRCode(flowID: flow.id, otherUserID: flow.otherUserID, otherDeviceID: device)
    }

    /// The session ends: no timer fires any more.
    public func stop() {
        for key in entries.keys {
            entries[key]?.timers.forEach { $0.cancel() }
            entries[key]?.timers = []
        }
    }
}
