import Testing
@testable import ElementShellKit

@Suite struct HistoryPolicyTests {
    @Test func credentialCommandsStayOut() {
        #expect(!HistoryPolicy.shouldRecord("/login matrix.org alice"))
        #expect(!HistoryPolicy.shouldRecord("/LOGIN matrix.org alice"))
    }

    @Test func aLeadingSpaceKeepsALineOut() {
        #expect(!HistoryPolicy.shouldRecord(" /echo private"))
        #expect(!HistoryPolicy.shouldRecord(""))
    }

    @Test func everythingElseIsKept() {
        #expect(HistoryPolicy.shouldRecord("/whoami"))
        #expect(HistoryPolicy.shouldRecord("hello there"))
        #expect(HistoryPolicy.shouldRecord("//login is a word"))
        #expect(HistoryPolicy.shouldRecord("/unknown thing"))
    }
}
