import Foundation
import MatrixClient

/// `/verify`, `/verification` and `/wait verification`: interactive key verification through the
/// session's `VerificationCenter`, whose reports arrive as `.verificationChanged`.
extension AppState {
    func send(_ action: VerificationAction, in context: CommandContext) async -> Bool {
        guard let verifications = state.verificationCenter else { return finish(.failure(.matrix(.encryptionRefused(.unavailable)))) }
        // The other side's steps come by sync: in batch mode too, from now on it waits for news.
        syncLive()
        do throws(ShellError) {
            let summary: VerificationSummary
            switch action {
            case .requestOwnDevices:
                summary = try await verifying { () throws(VerificationError) in try await verifications.requestOwnDevices() }
            case .requestUser(let user, let forced):
                let userID = try verifiableUser(user, in: context)
                if !forced { try await lookUpVerifiable(userID, through: context.signedIn.services.rooms) }
                let roomID: String
                do {
                    roomID = try await directChat(with: userID, as: context.signedIn).roomID
                } catch {
                    throw .matrix(error)
                }
                summary = try await verifying { () throws(VerificationError) in try await verifications.request(userID: userID, inRoom: roomID) }
            case .requestDevice(let user, let deviceID):
                let userID = try verifiableUser(user, in: context, allowingSelf: true)
                summary = try await verifying { () throws(VerificationError) in try await verifications.request(userID: userID, deviceID: deviceID) }
            case .list:
                return finish(.verification(.list(await verifications.summaries())))
            case .accept(let reference):
                summary = try await verifying { () throws(VerificationError) in try await verifications.accept(reference) }
            case .startEmoji(let reference):
                summary = try await verifying { () throws(VerificationError) in try await verifications.startEmoji(reference) }
            case .confirm(let reference):
                summary = try await verifying { () throws(VerificationError) in try await verifications.confirm(reference) }
            case .mismatch(let reference):
                summary = try await verifying { () throws(VerificationError) in try await verifications.mismatch(reference) }
            case .cancel(let reference):
                summary = try await verifying { () throws(VerificationError) in try await verifications.cancel(reference) }
            case .wait(let timeout):
                return await waitForVerificationStep(timeout: timeout)
            }
            return finish(.verification(.standing(summary)))
        } catch {
            return finish(.failure(error))
        }
    }

    /// The session's verification center, once its crypto machine runs; what it reports is
    /// applied while the services of `generation` run.
    func makeVerifications(store: StoreWriter, services: SessionServices, crypto: CryptoMachine?,
                           generation: Int) async -> VerificationCenter? {
        guard let crypto, let transport = services.makeVerificationTransport(store, crypto) else { return nil }
        let center = VerificationCenter(crypto: crypto, transport: transport, clock: environment.clock)
        await center.onChange { [weak self] summary in await self?.apply(.verificationChanged(summary), from: generation) }
        return center
    }

    /// A step reported by the center: a request to answer, emoji to compare and the end are told
    /// above the prompt, each once, whoever caused them (a command's own result does not repeat
    /// them, see `VerificationText`).
    func applyVerificationChange(_ summary: VerificationSummary, _ gathered: Gathered) {
        let endsNow = summary.state == .done && state.verifications.summaries[summary.number]?.state != .done
        var summary = summary
        // Why another person's identity could not be verified, when it is for want of cross-signing:
        // kept with the end, so `/wait verification` and `/verification` show it too.
        if endsNow, !summary.isOwnUser, summary.outcome?.identity != true, let gaps = gathered.crossSigningGaps {
            summary.crossSigningGaps = gaps
        }
        let isNews = summary.state.waitsForUserOrEnded && state.verifications.shownStates[summary.number] != summary.state
        commit { [summary] state in
            // With the step: a `/wait secrets` after `/wait verification` finds them awaited, whether
            // the end asked for them or they came just before it and are still to be told.
            if endsNow, summary.outcome?.requestedSecrets == true || gathered.hasUntoldSecrets { state.awaitsSecrets = true }
            state.verifications.summaries[summary.number] = summary
            if isNews { state.verifications.shownStates[summary.number] = summary.state }
        }
        // What the other side verified is shown from now on.
        if summary.state == .done { useDeviceTrust(gathered.deviceTrust) }
        if isNews { report(Report(content: .verification(summary), location: nil)) }
    }

    /// Until a verification needs the user (a request to answer, emoji to compare) or ends, in
    /// a state no earlier wait returned; that step is the result.
    private func waitForVerificationStep(timeout seconds: Double) async -> Bool {
        var found: VerificationSummary?
        let reached = await wait(until: { [unowned self] in
            found = state.verifications.summaries.values.sorted { $0.number < $1.number }.first { summary in
                summary.state.waitsForUserOrEnded && !state.verifications.awaitedSteps.contains(Self.stepKey(summary))
            }
            return found != nil
        }, timeout: .seconds(seconds))
        guard reached, let found else { return finish(.failure(Task.isCancelled ? .cancelled : .waitTimedOut(seconds: seconds))) }
        commit { $0.verifications.awaitedSteps.insert(Self.stepKey(found)) }
        return finish(.verification(.step(found)))
    }

    private static func stepKey(_ summary: VerificationSummary) -> String {
        "\(summary.number) \(summary.state.name)"
    }

    /// Another user, as typed; `/verify USER` is not for oneself (`/verify` is).
    private func verifiableUser(_ user: String, in context: CommandContext, allowingSelf: Bool = false) throws(ShellError) -> String {
        guard let userID = MemberLookup.userID(for: user, among: state.memberNames),
              allowingSelf || userID != context.signedIn.session.userID else { throw .unknownUser(user) }
        return userID
    }

    /// Nothing is created for a user whose server does not know them, nor asked of one with no
    /// device that could answer (their keys, `/keys/query`).
    private func lookUpVerifiable(_ userID: String, through service: any RoomService) async throws(ShellError) {
        if let refusal = await lookUp(userID, for: .verify, through: service) { throw refusal }
        guard let crypto = state.crypto else { return }
        let devices: [DeviceRecord]
        do {
            devices = try await crypto.devices(of: userID)
        } catch {
            throw .matrix(error)
        }
        if devices.isEmpty { throw .userWithoutDevices(userID) }
    }

    private func verifying(_ step: () async throws(VerificationError) -> VerificationSummary) async throws(ShellError) -> VerificationSummary {
        do throws(VerificationError) {
            return try await step()
        } catch {
            throw .verification(error)
        }
    }

    /// Sync waits for news from now on, also in batch mode, where it otherwise stops once caught up.
    func syncLive() {
        guard !state.syncsLive, let session = state.session else { return }
        commit { $0.syncsLive = true }
        restartSync(for: session)
    }
}

extension VerificationSummary.State {
    /// Someone must answer, or it is over.
    var waitsForUserOrEnded: Bool {
        switch self {
        case .incoming, .showingQRCode, .comparing, .reciprocated, .done, .cancelled: true
        case .requested, .started, .confirmed: false
        }
    }

    /// As `--output json` names it.
    public var name: String {
        switch self {
        case .requested: "requested"
        case .incoming: "incoming"
        case .started: "started"
        case .showingQRCode: "showing_qr_code"
        case .comparing: "comparing"
        case .reciprocated: "reciprocated"
        case .confirmed: "confirmed"
        case .done: "done"
        case .cancelled: "cancelled"
        }
    }
}
