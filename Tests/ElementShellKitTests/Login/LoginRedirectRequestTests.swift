import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The loopback listener answers one request only: `GET` of its secret path, addressed to its
/// own host and port, carrying one login token (or an error).
struct LoginRedirectRequestTests {
    static let path = "/login/0123456789abcdef"
    static let host = "127.0.0.1:40123"

    func verdict(_ requestLine: String, headers: [String] = ["Host: \(host)"]) -> LoginRedirectRequest.Verdict {
        LoginRedirectRequest.verdict(head: ([requestLine] + headers).joined(separator: "\r\n"), path: Self.path, host: Self.host)
    }

    @Test func theExpectedRequestGivesItsToken() {
        #expect(verdict("GET \(Self.path)?loginToken=abc%2Bdef HTTP/1.1") == .redirect(.loginToken("abc+def")))
        #expect(verdict("GET \(Self.path)?loginToken=t HTTP/1.1", headers: ["User-Agent: x", "host:  \(Self.host)", "Accept: */*"])
            == .redirect(.loginToken("t")), "header names in any case, any spacing")
    }

    @Test func anErrorComesBackAsTheServerSaidIt() {
        #expect(verdict("GET \(Self.path)?error=access_denied&error_description=No%20thanks HTTP/1.1")
            == .redirect(.error("access_denied: No thanks")))
        #expect(verdict("GET \(Self.path)?error=server_error HTTP/1.1") == .redirect(.error("server_error")))
    }

    @Test(arguments: [
        "POST /login/0123456789abcdef?loginToken=t HTTP/1.1",
        "GET /login/0123456789abcdee?loginToken=t HTTP/1.1",
        "GET /login/0123456789abcdef/?loginToken=t HTTP/1.1",
        "GET /favicon.ico HTTP/1.1",
        "GET /login/0123456789abcdef HTTP/1.1",
        "GET /login/0123456789abcdef?loginToken= HTTP/1.1",
        "GET /login/0123456789abcdef?loginToken=a&loginToken=b HTTP/1.1",
        "GET /login/0123456789abcdef?loginToken=a&error=x HTTP/1.1",
        "GET http://evil.example/login/0123456789abcdef?loginToken=t HTTP/1.1",
        "GET /login/0123456789abcdef?loginToken=t",
        "GET /login/0123456789abcdef?loginToken=t SPDY/3",
        "",
    ])
    func anythingElseIsRefused(requestLine: String) {
        #expect(verdict(requestLine) == .refused)
    }

    @Test func anotherHostIsRefused() {
        let line = "GET \(Self.path)?loginToken=t HTTP/1.1"
        #expect(verdict(line, headers: []) == .refused, "no Host")
        #expect(verdict(line, headers: ["Host: rebound.example:40123"]) == .refused, "a name resolving to 127.0.0.1 (DNS rebinding)")
        #expect(verdict(line, headers: ["Host: 127.0.0.1:40124"]) == .refused)
        #expect(verdict(line, headers: ["Host: \(Self.host)", "Host: \(Self.host)"]) == .refused, "two Host headers")
    }

    @Test func theTokenNeverPrints() {
        #expect("\(LoginRedirect.loginToken("secret-token"))" == "loginToken(<redacted>)")
    }
}
