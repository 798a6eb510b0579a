import Foundation
import Testing
@testable import ElementShellKit

@Suite struct SessionTests {
    private let session = Session(userID: "@alice:example.org", deviceID: "ABCDEF",
                                  accessToken: "syt_very_secret_token", homeserverURL: URL(string: "https://matrix.example.org")!)

    @Test func everyTextualFormLeavesTheTokenOut() {
        var dumped = ""
        dump(session, to: &dumped)
        for text in [session.description, session.debugDescription, "\(session)", String(reflecting: session), dumped] {
            #expect(!text.contains("syt_very_secret_token"))
            #expect(text.contains("@alice:example.org"))
        }
        #expect(session.description.contains("ABCDEF"))
    }

    @Test func roundTripsThroughJSONWithTheToken() throws {
        let data = try JSONEncoder().encode(session)
        #expect(try JSONDecoder().decode(Session.self, from: data) == session)
    }
}
