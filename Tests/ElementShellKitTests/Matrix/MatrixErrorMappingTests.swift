import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct MatrixErrorMappingTests {
    private func map(_ status: Int, _ body: String, headers: [String: String] = [:]) -> MatrixError {
        MatrixError(response: .json(status, body, headers: headers), now: Date(timeIntervalSince1970: 0))
    }

    @Test func mapsKnownErrcodes() {
        #expect(map(403, #"{"errcode":"M_FORBIDDEN","error":"Invalid username or password"}"#)
            == .forbidden(message: "Invalid username or password"))
        #expect(map(401, #"{"errcode":"M_UNKNOWN_TOKEN","error":"x","soft_logout":true}"#) == .unknownToken(softLogout: true))
        #expect(map(401, #"{"errcode":"M_UNKNOWN_TOKEN","error":"x"}"#) == .unknownToken(softLogout: false))
        #expect(map(403, #"{"errcode":"M_USER_DEACTIVATED","error":"gone"}"#) == .userDeactivated)
        #expect(map(400, #"{"errcode":"M_NOT_FOUND","error":"no"}"#) == .notFound)
    }

    @Test func rateLimitCarriesTheWait() {
        #expect(map(429, #"{"errcode":"M_LIMIT_EXCEEDED","error":"slow","retry_after_ms":1500}"#)
            == .limitExceeded(retryAfterMilliseconds: 1500))
        #expect(map(429, #"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":1500}"#, headers: ["Retry-After": "2"])
            == .limitExceeded(retryAfterMilliseconds: 2000))
        #expect(map(429, "<html>Too Many Requests</html>") == .limitExceeded(retryAfterMilliseconds: nil))
    }

    @Test func statusDecidesWhenErrcodeIsMissingOrUnknown() {
        #expect(map(404, "Not Found") == .notFound)
        #expect(map(404, #"{"errcode":"M_UNKNOWN","error":"?"}"#) == .notFound)
        #expect(map(502, "<html>Bad Gateway</html>") == .server(errcode: "HTTP_502", message: "", status: 502))
        #expect(map(400, #"{"errcode":"M_UNKNOWN","error":"Bad login type."}"#)
            == .server(errcode: "M_UNKNOWN", message: "Bad login type.", status: 400))
    }

    @Test func answersWithoutAnErrcodeAreNamedAfterTheirStatus() {
        #expect(map(500, "<html><body>Internal Server Error</body></html>") == .server(errcode: "HTTP_500", message: "", status: 500))
        #expect(map(503, "") == .server(errcode: "HTTP_503", message: "", status: 503))
        #expect(map(400, #"{"error":"Bad request"}"#) == .server(errcode: "HTTP_400", message: "Bad request", status: 400))
        #expect(map(401, #"{"errcode":"","error":"?"}"#) == .server(errcode: "HTTP_401", message: "?", status: 401))
        #expect(map(500, #"{"errcode":42}"#) == .server(errcode: "HTTP_500", message: "", status: 500))
    }

    @Test func keepsOtherErrcodesWithTheirStatus() {
        #expect(map(404, #"{"errcode":"M_UNRECOGNIZED","error":"Unrecognized request"}"#)
            == .server(errcode: "M_UNRECOGNIZED", message: "Unrecognized request", status: 404))
        #expect(map(401, #"{"errcode":"M_MISSING_TOKEN","error":"Missing access token"}"#)
            == .server(errcode: "M_MISSING_TOKEN", message: "Missing access token", status: 401))
    }
}
