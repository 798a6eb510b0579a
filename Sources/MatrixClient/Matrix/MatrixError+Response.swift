import Foundation

/// The spec's "standard error response", plus the extra keys the mapped cases need.
struct StandardErrorBody: Decodable {
    var errcode: String?
    var error: String?
    var softLogout: Bool?
    var retryAfterMilliseconds: Int?

    enum CodingKeys: String, CodingKey {
        case errcode, error
        case softLogout = "soft_logout"
        case retryAfterMilliseconds = "retry_after_ms"
    }
}

extension MatrixError {
    /// The one mapping from a non-2xx response to a `MatrixError`. The `errcode` decides, except
    /// that a missing code or `M_UNKNOWN` defers to the HTTP status, as the spec advises, and a
    /// 429 is always rate limiting (proxies send it without a Matrix body). Answers without a
    /// code (a proxy's HTML error page) get `HTTP_<status>`, so every `server` case has one.
    /// `now` dates a `Retry-After` given as a date.
    init(response: HTTPResponse, now: Date) {
        let body = try? JSONDecoder().decode(StandardErrorBody.self, from: response.body)
        let errcode = body?.errcode ?? ""
        let message = RemoteText(body?.error ?? "")
        if errcode == "M_LIMIT_EXCEEDED" || response.status == 429 {
            self = .limitExceeded(retryAfterMilliseconds: RetryAfter.milliseconds(
                header: response.header("Retry-After"), bodyMilliseconds: body?.retryAfterMilliseconds, now: now))
            return
        }
        let statusDecides = errcode.isEmpty || errcode == "M_UNKNOWN"
        if statusDecides && response.status == 404 {
            self = .notFound
            return
        }
        switch errcode {
        case "M_FORBIDDEN":
            self = .forbidden(message: message)
        case "M_UNKNOWN_TOKEN":
            self = .unknownToken(softLogout: body?.softLogout ?? false)
        case "M_NOT_FOUND":
            self = .notFound
        case "M_USER_DEACTIVATED":
            self = .userDeactivated
        case "":
            self = .server(errcode: "HTTP_\(response.status)", message: message, status: response.status)
        default:
            self = .server(errcode: errcode, message: message, status: response.status)
        }
    }

    /// Whether the server no longer takes the request's access token (`M_UNKNOWN_TOKEN`).
    static func isUnknownToken(_ response: HTTPResponse) -> Bool {
        (try? JSONDecoder().decode(StandardErrorBody.self, from: response.body))?.errcode == "M_UNKNOWN_TOKEN"
    }
}
