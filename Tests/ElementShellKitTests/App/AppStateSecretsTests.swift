import Foundation
import MatrixCrypto
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Secrets another own session shares after a verification: each arrival is told, and
/// `/wait secrets` holds a script until the last one asked for came.
@MainActor
@Suite struct AppStateSecretsTests {
    let server = MemoryKeysServer()
    let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)))

    func loggedIn(sync: @escaping SyncLoop.Request = AppStateMessagingTests.firstSync(AppStateMessagingTests.lobby)) async throws -> AppHarness {
        let server = server
        let app = AppHarness(sync: sync, crypto: { session, store in
            try? await CryptoMachine(userID: session.userID, deviceID: session.deviceID, store: store,
                                     keys: server.service(userID: session.userID, deviceID: session.deviceID),
                                     trust: server.trustService(userID: session.userID), cipher: PickleCipher(key: Data(repeating: 9, count: 32)))
        })
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        return app
    }

    /// Verification 1 with the user's session PHONE ended, and this session asked it for secrets.
    static let doneAskingForSecrets = VerificationSummary(
        number: 1, flowID: "F1", otherUserID: "@alice:example", isOwnUser: true, otherDeviceID: "PHONE", roomID: nil, isIncoming: false,
        state: .done, emojiIndices: nil, decimals: nil, qrCode: nil, outcome: .init(device: true, identity: false, requestedSecrets: true))

    func text(_ reports: [Report]) -> [String] {
        L10n.$languageOverride.withValue("en") { reports.flatMap(renderer.lines(for:)) }
    }

    var arrivals: (AppHarness) -> [Report] {
        { app in app.log.reports.filter { if case .secretsArrived = $0.content { true } else { false } } }
    }

    @Test func waitSecretsAnswersAtOnceWhenNoneAreAwaited() async throws {
        let app = try await loggedIn()
        #expect(await app.state.run(line: "/wait secrets --timeout 600"))
        guard case .trust(.recoveryStatus)? = app.log.outcomes.last else { Issue.record("\(app.log.outcomes)"); return }
    }

    @Test func waitSecretsHoldsUntilTheLastSecretAskedForCame() async throws {
        let app = try await loggedIn()
        await app.state.apply(.verificationChanged(Self.doneAskingForSecrets))
        #expect(app.state.awaitsSecrets)
        let waiting = Task { await app.state.run(line: "/wait secrets --timeout 600") }

        await app.state.apply(.secretsArrived(SecretsArrival(crossSigning: true, backupKey: false, awaitsMore: true)))
        #expect(app.state.awaitsSecrets, "the backup key is still due")
        await app.state.apply(.secretsArrived(SecretsArrival(crossSigning: false, backupKey: true)))
        #expect(await waiting.value)
        guard case .trust(.recoveryStatus)? = app.log.outcomes.last else { Issue.record("\(app.log.outcomes)"); return }
        #expect(text(arrivals(app)) == [
            "✓ Your other session shared your cross-signing keys: this session can verify others.",
            "✓ Your other session shared your backup key: this session can read your history.",
        ])
    }

    @Test func theSameVerificationReportedDoneAgainDoesNotAwaitSecretsAgain() async throws {
        let app = try await loggedIn()
        await app.state.apply(.verificationChanged(Self.doneAskingForSecrets))
        await app.state.apply(.secretsArrived(SecretsArrival(crossSigning: true, backupKey: true)))
        await app.state.apply(.verificationChanged(Self.doneAskingForSecrets))
        #expect(!app.state.awaitsSecrets)
        #expect(text(arrivals(app)) == ["✓ Your other session shared your cross-signing and backup keys: this session can verify others and read your history."])
    }

    /// The other session may sign this one and share the secrets it asked for then before the
    /// verification ends here: the end asks for nothing more, but what came is not told yet
    /// (the backup is still being restored). `/wait secrets` waited for nothing and answered at
    /// once, before the history was readable (a Synapse interop run failed so).
    @Test func secretsThatCameJustBeforeTheEndAreWaitedForUntilTold() async throws {
        // Once the loop asks again, what it did after the first answer (telling arrivals) is done.
        let requests = Recorder<Int>()
        let lobby = AppStateMessagingTests.lobby
        let app = try await loggedIn { _, _ throws(MatrixError) in
            await requests.append(1)
            guard await requests.values.count > 1 else { return lobby }
            await suspendUntilCancelled()
            throw .transport(.cancelled)
        }
        try await requests.wait(forCount: 2)
        let crypto = try #require(app.state.runtime?.crypto)
        await crypto.keepUntold(SecretsArrival(crossSigning: true, backupKey: true))
        let done = VerificationSummary(
            number: 1, flowID: "F1", otherUserID: "@alice:example", isOwnUser: true, otherDeviceID: "PHONE", roomID: nil, isIncoming: false,
            state: .done, emojiIndices: nil, decimals: nil, qrCode: nil, outcome: .init(device: true, identity: false, requestedSecrets: false))
        await app.state.apply(.verificationChanged(done))
        #expect(app.state.awaitsSecrets)
        let waiting = Task { await app.state.run(line: "/wait secrets --timeout 600") }
        await app.state.apply(.secretsArrived(SecretsArrival(crossSigning: true, backupKey: true)))
        #expect(await waiting.value)
        let told = app.log.reports.firstIndex { if case .secretsArrived = $0.content { true } else { false } }
        let answered = app.log.reports.lastIndex { if case .result(_, .trust(.recoveryStatus)) = $0.content { true } else { false } }
        #expect(try #require(told) < #require(answered), "the wait ends once the secrets are told")
    }

    @Test func aWaitForSecretsThatNeverComeTimesOut() async throws {
        let clock = TestClock()
        let app = AppHarness(sync: AppStateMessagingTests.firstSync(AppStateMessagingTests.lobby), crypto: { session, store in
            try? await CryptoMachine(userID: session.userID, deviceID: session.deviceID, store: store,
                                     keys: MemoryKeysServer().service(userID: session.userID, deviceID: session.deviceID),
                                     cipher: PickleCipher(key: Data(repeating: 9, count: 32)))
        }, clock: clock)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.apply(.verificationChanged(Self.doneAskingForSecrets))
        let waiting = Task { await app.state.run(line: "/wait secrets --timeout 5") }
        await clock.advance(toWakeWithin: .seconds(5))
        #expect(await waiting.value == false)
        #expect(app.log.outcomes.last == .failure(.waitTimedOut(seconds: 5)))
    }
}

extension CryptoMachine {
    /// Secrets that came and are not handed on yet, as the sync loop finds them before it tells.
    func keepUntold(_ arrival: SecretsArrival) {
        secretsArrival = arrival
    }
}
