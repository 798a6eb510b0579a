import Foundation
import MatrixJSON
@testable import ElementShellKit
@testable import MatrixClient

/// The fault-injecting HTTP proxy (`Peers/fault_proxy.py`) on 127.0.0.1 in front of a homeserver:
/// the shell talks to `url`, and each fault added applies to the next requests it matches. It is
/// stopped when released, whatever the test's outcome.
final class FaultProxy: Sendable {
    /// What the proxy does to a request instead of forwarding it as it is.
    enum Fault {
        /// Answers `status` with `body` without asking the server.
        case status(Int, body: [String: JSONValue] = [:])
        /// 429 `M_LIMIT_EXCEEDED`, asking to wait `retryAfterMilliseconds`.
        case rateLimited(retryAfterMilliseconds: Int)
        /// The server answers; the shell gets half of the body, then a reset connection.
        case resetMidBody
        /// The server answers; the shell gets half of the body, then the end of the connection.
        case truncated
        /// No answer for `seconds`, then the connection ends; with `forwardAfter`, the server
        /// gets the request only then, after the shell gave up on it.
        case stall(seconds: Double, forwardAfter: Bool = false)
        /// Forwarded only after `release()`.
        case hold
        /// The server answers; the shell gets `text` instead of its body.
        case replaceBody(String)
        /// The server answers a `/sync`; `events` (each as JSON text) are added to the timeline of
        /// `roomID` in it.
        case inject(events: [String], roomID: String)

        var fields: [String: JSONValue] {
            switch self {
            case .status(let status, let body): ["fault": "status", "status": .integer(Int64(status)), "body": .object(body)]
            case .rateLimited(let wait):
                ["fault": "status", "status": 429,
                 "body": ["errcode": "M_LIMIT_EXCEEDED", "error": "Too many requests", "retry_after_ms": .integer(Int64(wait))]]
            case .resetMidBody: ["fault": "reset"]
            case .truncated: ["fault": "truncate"]
            case .stall(let seconds, let forwardAfter): ["fault": "stall", "milliseconds": .integer(Int64(seconds * 1000)), "forward_after": .bool(forwardAfter)]
            case .hold: ["fault": "hold"]
            case .replaceBody(let text): ["fault": "replace_body", "text": .string(text)]
            // As text: the proxy splices it in unparsed, so it may nest deeper than Python reads.
            case .inject(let events, let roomID): ["fault": "inject", "room_id": .string(roomID), "events_text": .string(events.joined(separator: ","))]
            }
        }
    }

    /// A request as the proxy saw it.
    struct Request: Decodable {
        var method: String
        var path: String
        /// The fault applied to it, if any.
        var fault: String?
        /// Seconds since the Unix epoch.
        var time: Double
        /// Which of the shell's connections to the proxy it came on, counted from 1.
        var connection: Int
    }

    struct Failure: Error {
        let reason: String
    }

    let url: URL
    private let server: DetachedServer
    private let transport = CurlTransport(userAgent: "fault-proxy-control")

    /// Starts a proxy in front of `upstream`; it forwards when this returns.
    init(upstream: URL) async throws {
        server = try await DetachedServer("fault_proxy.py", [upstream.absoluteString])
        url = URL(string: "http://127.0.0.1:\(server.port)")!
    }

    /// Applies `fault` to the next `times` requests whose path matches the regular expression
    /// `path` (and whose method is `method`, when given), after faults added before.
    func add(_ fault: Fault, path: String, method: String? = nil, times: Int = 1) async throws {
        var rule = fault.fields
        rule["path"] = .string(path)
        rule["times"] = .integer(Int64(times))
        if let method { rule["method"] = .string(method) }
        try await control(.post, "rules", body: JSONValue.array([.object(rule)]))
    }

    /// Lets held requests through.
    func release() async throws {
        try await control(.post, "release", body: [:])
    }

    /// Returns once no request is in the proxy's hands: each one answered, aborted, or (after a
    /// stall with `forwardAfter`) forwarded to the server and answered there.
    func settled() async throws {
        try await control(.get, "settled", timeout: Waiting.deadlineSeconds)
    }

    /// Returns once a request is held by a `hold` fault.
    func held() async throws {
        try await control(.get, "held", timeout: Waiting.deadlineSeconds)
    }

    /// Every request so far, oldest first.
    func requests() async throws -> [Request] {
        try JSONDecoder().decode([Request].self, from: try await control(.get, "log"))
    }

    @discardableResult
    private func control(_ method: HTTPMethod, _ name: String, body: JSONValue? = nil, timeout: TimeInterval = 10) async throws -> Data {
        var request = HTTPRequest(method: method, url: url.appending(path: "_fault/\(name)"), timeout: timeout)
        if let body { request.body = try JSONEncoder().encode(body) }
        let response = try await transport.send(request)
        guard response.status == 200 else { throw Failure(reason: "the proxy answered \(response.status) to \(name)") }
        return response.body
    }
}
