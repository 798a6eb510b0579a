import Foundation
import Synchronization
@testable import ElementShellKit
@testable import MatrixClient

/// A transport that answers from a closure and records what it was asked.
struct FakeTransport: HTTPTransport {
    var respond: @Sendable (HTTPRequest) async throws(TransportError) -> HTTPResponse
    let log = RequestLog()

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        log.append(request)
        return try await respond(request)
    }

    /// Answers by full URL (without query); anything else is a 404 with `M_UNRECOGNIZED`.
    static func routes(_ table: [String: Result<HTTPResponse, TransportError>]) -> FakeTransport {
        FakeTransport { request throws(TransportError) in
            guard let outcome = table[request.url.redactedForDiagnostics] else {
                return .json(404, #"{"errcode":"M_UNRECOGNIZED","error":"Unrecognized request"}"#)
            }
            return try outcome.get()
        }
    }
}

final class RequestLog: Sendable {
    private let requests = Mutex<[HTTPRequest]>([])

    func append(_ request: HTTPRequest) { requests.withLock { $0.append(request) } }

    var all: [HTTPRequest] { requests.withLock { $0 } }
    var urls: [String] { all.map(\.url.absoluteString) }
}

extension HTTPResponse {
    static func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers.merging(["Content-Type": "application/json"]) { first, _ in first },
                     body: Data(body.utf8))
    }
}

extension Result where Success == HTTPResponse, Failure == TransportError {
    static func json(_ status: Int, _ body: String) -> Self { .success(.json(status, body)) }
}
