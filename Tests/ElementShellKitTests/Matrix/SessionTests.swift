import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct SessionTests {
    private let session = Session(userID: "@alice:example.org", deviceID: "ABCDEF",
                                  accessToken: "syt_very_secret_token", homeserverURL: URL(string: "https://matrix.example.org")!,
                                  refreshToken: "syr_secret_refresh", accessTokenRenewal: Date(timeIntervalSince1970: 1_800_000_000))

    @Test func everyTextualFormLeavesTheTokensOut() {
        var dumped = ""
        dump(session, to: &dumped)
        for text in [session.description, session.debugDescription, "\(session)", String(reflecting: session), dumped] {
            #expect(!text.contains("syt_very_secret_token") && !text.contains("syr_secret_refresh"))
            #expect(text.contains("@alice:example.org"))
        }
        #expect(session.description.contains("ABCDEF"))
    }

    /// A session file written before refresh tokens reads as a token that does not expire.
    @Test func aSessionFileWithoutRefreshTokensStillReads() throws {
        let old = #"{"accessToken":"t","deviceID":"D","homeserverURL":"https:\/\/hs.example","userID":"@a:hs.example"}"#
        let read = try JSONDecoder().decode(Session.self, from: Data(old.utf8))
        #expect(read.refreshToken == nil && read.accessTokenRenewal == nil && read.accessToken == "t")
    }

    /// Renewed a fifth of its lifetime before it expires, and never more than a minute before.
    @Test(arguments: [(Duration.seconds(300), 240.0), (.seconds(3600), 3540), (.seconds(5), 4)])
    func aTokenIsRenewedShortlyBeforeItExpires(lifetime: Duration, after seconds: Double) {
        let received = Date(timeIntervalSince1970: 1_000)
        #expect(Session.renewal(of: lifetime, receivedAt: received) == received.addingTimeInterval(seconds))
    }

    @Test func roundTripsThroughJSONWithTheToken() throws {
        let data = try JSONEncoder().encode(session)
        #expect(try JSONDecoder().decode(Session.self, from: data) == session)
    }
}
