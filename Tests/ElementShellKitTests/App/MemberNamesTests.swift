import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Display names as the timeline shows them: unique ones alone, the rest with the user ID, and
/// names that only look alike counted as alike.
@Suite struct MemberNamesTests {
    func names(_ members: [(String, String?)]) -> [String: String] {
        MemberNames.unique(members.map { MemberRecord(roomID: "!r", userID: $0.0, displayName: $0.1) })
    }

    @Test func uniqueNamesStandAloneAndSharedOnesGetTheirUserID() {
        let shown = names([("@a:hs", "Alice"), ("@b:hs", "Bob"), ("@c:hs", "Bob"), ("@d:hs", nil), ("@e:hs", "")])
        #expect(shown == ["@a:hs": "Alice", "@b:hs": "Bob (@b:hs)", "@c:hs": "Bob (@c:hs)", "@d:hs": "@d:hs", "@e:hs": "@e:hs"])
    }

    @Test func namesThatOnlyLookAlikeAreTold() {
        for lookalike in ["Bob\u{200B}", "\u{200E}Bob", "Bob ", "B\u{2060}ob", "Bob\u{E0041}"] {
            let shown = names([("@bob:hs", "Bob"), ("@mallory:hs", lookalike)])
            #expect(shown["@bob:hs"] == "Bob (@bob:hs)", "\(lookalike.unicodeScalars.map(\.value))")
            #expect(shown["@mallory:hs"] == "\(lookalike) (@mallory:hs)")
        }
        #expect(names([("@m:hs", "\u{200B}")]) == ["@m:hs": "@m:hs"], "an invisible name is no name")
    }

    @Test func aNameThatLooksLikeAUserIDShowsTheRealOne() {
        #expect(names([("@mallory:hs", "@bob:hs")]) == ["@mallory:hs": "@bob:hs (@mallory:hs)"])
    }
}
