import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The device code's polling (RFC 8628 §3.5): every answer the token endpoint can give.
struct DeviceCodePollingTests {
    static let authorization = DeviceAuthorization(deviceCode: "dc", userCode: "ABCD", verificationURI: URL(string: "https://a.example/link")!,
                                                   verificationURIComplete: nil, expiresIn: 60, interval: 5)
    static let tokens = IssuedTokens(accessToken: "at", refreshToken: "rt", expiresIn: .seconds(300))

    @Test func pendingWaitsTheIntervalUntilTheCodeExpires() {
        var polling = DeviceCodePolling(Self.authorization, startedAt: .seconds(100))
        #expect(polling.next(after: .pending, now: .seconds(105)) == .wait(.seconds(5)))
        #expect(polling.next(after: .pending, now: .seconds(154)) == .wait(.seconds(5)), "159 is still before 160")
        #expect(polling.next(after: .pending, now: .seconds(155)) == .failed(.deviceCodeExpired), "the next poll would come after expiry")
    }

    @Test func slowDownAddsFiveSecondsForGood() {
        var polling = DeviceCodePolling(Self.authorization, startedAt: .zero)
        #expect(polling.next(after: .slowDown, now: .seconds(5)) == .wait(.seconds(10)))
        #expect(polling.next(after: .pending, now: .seconds(15)) == .wait(.seconds(10)), "the slower pace stays")
        #expect(polling.next(after: .slowDown, now: .seconds(25)) == .wait(.seconds(15)))
        #expect(polling.next(after: .slowDown, now: .seconds(40)) == .failed(.deviceCodeExpired), "60 s would pass before the next poll")
    }

    @Test func theDecisionsEndThePolling() {
        var polling = DeviceCodePolling(Self.authorization, startedAt: .zero)
        #expect(polling.next(after: .tokens(Self.tokens), now: .seconds(5)) == .signedIn(Self.tokens))
        #expect(polling.next(after: .denied, now: .seconds(5)) == .failed(.deviceCodeDenied))
        #expect(polling.next(after: .expired, now: .seconds(5)) == .failed(.deviceCodeExpired))
        #expect(polling.next(after: .error("invalid_client"), now: .seconds(5)) == .failed(.authorizationServer("invalid_client")))
    }

    @Test func aNetworkFailureIsTriedAgainWhileTheCodeLasts() {
        var polling = DeviceCodePolling(Self.authorization, startedAt: .zero)
        #expect(polling.next(after: .unreachable(.timedOut), now: .seconds(5)) == .wait(.seconds(5)))
        #expect(polling.next(after: .unreachable(.timedOut), now: .seconds(58)) == .failed(.deviceCodeExpired))
    }

    @Test func anIntervalTheServerLeavesOutIsFiveSeconds() throws {
        let decoded = try MatrixClient.decode(DeviceAuthorization.self, from: Data(#"""
            {"device_code":"dc","user_code":"WDJB-MJHT","verification_uri":"https://a.example/device","expires_in":1800}
            """#.utf8))
        #expect(decoded.interval == 5 && decoded.verificationURIComplete == nil)
        #expect(!"\(decoded)".contains("dc\""), "the device code never prints")
        #expect("\(decoded)".contains("deviceCode: <redacted>"))
    }
}
