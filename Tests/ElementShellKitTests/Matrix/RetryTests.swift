import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct RetryAfterTests {
    private let now = Date(timeIntervalSince1970: 784_111_777) // Sun, 06 Nov 1994 08:49:37 GMT

    @Test func parsesDelaySeconds() {
        #expect(RetryAfter.milliseconds(fromHeader: "120", now: now) == 120_000)
        #expect(RetryAfter.milliseconds(fromHeader: " 0 ", now: now) == 0)
        #expect(RetryAfter.milliseconds(fromHeader: "99999999999999999999", now: now) == Int.max)
    }

    @Test func parsesHTTPDateRelativeToNow() {
        #expect(RetryAfter.milliseconds(fromHeader: "Sun, 06 Nov 1994 08:49:47 GMT", now: now) == 10_000)
        #expect(RetryAfter.milliseconds(fromHeader: "Sun, 06 Nov 1994 08:49:27 GMT", now: now) == 0)
    }

    @Test func rejectsGarbage() {
        #expect(RetryAfter.milliseconds(fromHeader: "soon", now: now) == nil)
        #expect(RetryAfter.milliseconds(fromHeader: "-5", now: now) == nil)
        #expect(RetryAfter.milliseconds(fromHeader: "", now: now) == nil)
    }

    @Test func headerWinsOverDeprecatedBodyField() {
        #expect(RetryAfter.milliseconds(header: "3", bodyMilliseconds: 500, now: now) == 3000)
        #expect(RetryAfter.milliseconds(header: "soon", bodyMilliseconds: 500, now: now) == 500)
        #expect(RetryAfter.milliseconds(header: nil, bodyMilliseconds: -1, now: now) == 0)
        #expect(RetryAfter.milliseconds(header: nil, bodyMilliseconds: nil, now: now) == nil)
    }
}

@Suite struct RetryPolicyTests {
    private let policy = RetryPolicy.standard

    @Test func waitsWhatTheServerAsksWithinTheLimits() {
        #expect(policy.delay(after: .limitExceeded(retryAfterMilliseconds: 200), attempt: 1, alreadyWaited: .zero) == .milliseconds(200))
        #expect(policy.delay(after: .limitExceeded(retryAfterMilliseconds: nil), attempt: 2, alreadyWaited: .zero) == .seconds(1))
    }

    @Test func givesUpAfterTheLastAttemptOrBeyondTheTotalWait() {
        #expect(policy.delay(after: .limitExceeded(retryAfterMilliseconds: 10), attempt: 3, alreadyWaited: .zero) == nil)
        #expect(policy.delay(after: .limitExceeded(retryAfterMilliseconds: 31_000), attempt: 1, alreadyWaited: .zero) == nil)
        #expect(policy.delay(after: .limitExceeded(retryAfterMilliseconds: 20_000), attempt: 2, alreadyWaited: .seconds(15)) == nil)
    }

    @Test func neverRetriesOtherErrors() {
        #expect(policy.delay(after: .notFound, attempt: 1, alreadyWaited: .zero) == nil)
        #expect(policy.delay(after: .transport(.timedOut), attempt: 1, alreadyWaited: .zero) == nil)
    }
}

@Suite struct MatrixClientRetryTests {
    private let limited = HTTPResponse.json(429, #"{"errcode":"M_LIMIT_EXCEEDED","error":"Too Many Requests","retry_after_ms":5}"#)
    private let versions = HTTPResponse.json(200, #"{"versions":["v1.15"]}"#)

    private func client(_ transport: FakeTransport, clock: any ShellClock = ImmediateClock()) -> MatrixClient {
        MatrixClient(homeserverURL: URL(string: "https://hs.example")!, transport: transport, clock: clock)
    }

    @Test func retriesRateLimitedRequestsUntilTheySucceed() async throws {
        let answers = RequestLog()
        let transport = FakeTransport { [limited, versions] request in
            answers.append(request)
            return answers.all.count < 3 ? limited : versions
        }
        let supported = try await client(transport).send(.versions)
        #expect(supported.versions == ["v1.15"])
        #expect(transport.log.all.count == 3)
    }

    @Test func reportsTheRateLimitAfterTheLastAttempt() async {
        let transport = FakeTransport { [limited] _ in limited }
        let error = await #expect(throws: MatrixError.self) { try await client(transport).send(.versions) }
        #expect(error == .limitExceeded(retryAfterMilliseconds: 5))
        #expect(transport.log.all.count == RetryPolicy.standard.maxAttempts)
    }

    @Test func doesNotWaitLongerThanTheCap() async {
        let transport = FakeTransport { _ in .json(429, #"{"errcode":"M_LIMIT_EXCEEDED"}"#, headers: ["Retry-After": "3600"]) }
        let error = await #expect(throws: MatrixError.self) { try await client(transport).send(.versions) }
        #expect(error == .limitExceeded(retryAfterMilliseconds: 3_600_000))
        #expect(transport.log.all.count == 1)
    }

    @Test func cancellationDuringTheWaitStopsRetrying() async {
        let transport = FakeTransport { _ in .json(429, #"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":20000}"#) }
        let clock = TestClock()
        let task = Task { try await client(transport, clock: clock).send(.versions) }
        // Asleep on the clock: waiting out the 20 s the server asked for.
        await clock.sleepers(atLeast: 1)
        task.cancel()
        let result = await task.result
        #expect(throws: MatrixError.transport(.cancelled)) { try result.get() }
        #expect(transport.log.all.count == 1)
    }
}
