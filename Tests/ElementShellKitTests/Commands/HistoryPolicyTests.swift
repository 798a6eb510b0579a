import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct HistoryPolicyTests {
    @Test func credentialCommandsStayOut() {
        #expect(!HistoryPolicy.shouldRecord("/login matrix.org alice"))
        #expect(!HistoryPolicy.shouldRecord("/LOGIN matrix.org alice"))
        #expect(!HistoryPolicy.shouldRecord("/keys export keys.txt"))
        #expect(!HistoryPolicy.shouldRecord("/keys! export keys.txt"))
        #expect(!HistoryPolicy.shouldRecord("/keys import keys.txt"))
    }

    @Test func credentialCommandsAreRecognisedHoweverTyped() {
        #expect(HistoryPolicy.carriesCredentials("/login x y"))
        #expect(HistoryPolicy.carriesCredentials("  /login x y"))
        #expect(!HistoryPolicy.carriesCredentials("/logout"))
        #expect(!HistoryPolicy.carriesCredentials("//login"))
        #expect(!HistoryPolicy.carriesCredentials("login"))
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
