import CCurl
import Foundation
import Synchronization
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite(.serialized) struct CurlTransportTests {
    private let transport = CurlTransport(userAgent: "element-shell-tests/1")

    private func url(_ port: Int, _ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    @Test func returnsStatusLowerCasedHeadersAndBody() async throws {
        let server = try LoopbackHTTPServer { _ in
            .init(status: 201, headers: [("X-Custom", "a"), ("x-custom", "b"), ("Content-Type", "text/plain")], body: Data("hello".utf8))
        }
        defer { server.stop() }
        let response = try await transport.send(HTTPRequest(method: .get, url: url(server.port, "/hello")))
        #expect(response.status == 201, "\(response)")
        #expect(response.headers["x-custom"] == "a, b")
        #expect(response.header("Content-Type") == "text/plain")
        #expect(response.body == Data("hello".utf8))
    }

    @Test func sendsMethodHeadersAndBody() async throws {
        let seen = RequestLogOnServer()
        let server = try LoopbackHTTPServer { request in
            seen.append(request)
            return .init(status: 200)
        }
        defer { server.stop() }
        let payload = Data(#"{"a":"\#(String(repeating: "x", count: 4000))"}"#.utf8)
        _ = try await transport.send(HTTPRequest(method: .post, url: url(server.port, "/p?q=1"),
                                                 headers: ["Authorization": "Bearer t", "Content-Type": "application/json"], body: payload))
        _ = try await transport.send(HTTPRequest(method: .put, url: url(server.port, "/put")))
        _ = try await transport.send(HTTPRequest(method: .delete, url: url(server.port, "/del")))
        let requests = seen.all
        #expect(requests.map(\.method) == ["POST", "PUT", "DELETE"])
        #expect(requests.map(\.path) == ["/p?q=1", "/put", "/del"])
        #expect(requests[0].body == payload)
        #expect(requests[0].headers["authorization"] == "Bearer t")
        #expect(requests[0].headers["user-agent"] == "element-shell-tests/1")
        #expect(requests[0].headers["expect"] == nil, "no 100-continue round trip")
        #expect(requests[1].headers["content-length"] == "0" && requests[1].body.isEmpty)
    }

    @Test func reusesOneConnectionForSequentialRequests() async throws {
        // Its own pool: a test running alongside could otherwise take the handle between requests.
        let transport = CurlTransport(userAgent: "element-shell-tests/1")
        let server = try LoopbackHTTPServer { _ in .init(status: 200, body: Data("{}".utf8)) }
        defer { server.stop() }
        for _ in 0..<5 {
            #expect(try await transport.send(HTTPRequest(method: .get, url: url(server.port, "/x"))).status == 200)
        }
        #expect(server.acceptedConnections == 1)
        #expect(transport.idleHandleCount == 1)
    }

    @Test func runsConcurrentRequestsOnSeparateHandles() async throws {
        let server = try LoopbackHTTPServer { request in .init(status: 200, body: Data(request.path.utf8)) }
        defer { server.stop() }
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                group.addTask { [transport] in
                    String(decoding: try await transport.send(HTTPRequest(method: .get, url: url(server.port, "/\(index)"))).body, as: UTF8.self)
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(bodies == Set((0..<8).map { "/\($0)" }))
        #expect(transport.idleHandleCount <= 4)
    }

    @Test func followsRedirectsOnlyWhenAsked() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/old" ? .init(status: 302, headers: [("Location", "/new")]) : .init(status: 200, body: Data("new".utf8))
        }
        defer { server.stop() }
        #expect(try await transport.send(HTTPRequest(method: .get, url: url(server.port, "/old"))).status == 302)
        let followed = try await transport.send(HTTPRequest(method: .get, url: url(server.port, "/old"), followsRedirects: true))
        #expect(followed.status == 200 && followed.body == Data("new".utf8))
        #expect(followed.headers["location"] == nil, "only the final response's headers")
    }

    @Test func abortsBodiesLargerThanTheRequestAllows() async throws {
        let body = Data(repeating: UInt8(ascii: "x"), count: 200_000)
        let server = try LoopbackHTTPServer { _ in .init(status: 200, body: body) }
        defer { server.stop() }
        await #expect(throws: TransportError.responseTooLarge) {
            try await transport.send(HTTPRequest(method: .get, url: url(server.port, "/big"), maximumResponseBytes: 100_000))
        }
        await #expect(throws: TransportError.responseTooLarge) {
            try await transport.send(HTTPRequest(method: .get, url: url(server.port, "/big"), maximumResponseBytes: body.count - 1))
        }
        let exact = try await transport.send(HTTPRequest(method: .get, url: url(server.port, "/big"), maximumResponseBytes: body.count))
        #expect(exact.body == body, "a body of exactly the limit is whole, and the handle works after an abort")
    }

    @Test func timesOutOnASilentServerByTheClock() async throws {
        // A transport of its own: a pooled connection to a port another test's server had before
        // would be reset instead of timing out.
        let clock = TestClock()
        let transport = CurlTransport(userAgent: "element-shell-tests/1", clock: clock)
        let server = try SilentServer()
        let request = Task { [transport] in
            try await transport.send(HTTPRequest(method: .get, url: url(server.port, "/"), timeout: 600))
        }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(599))
        #expect(clock.sleeperCount == 1, "not a moment before its limit")
        clock.advance(by: .seconds(1))
        let result = await request.result
        withExtendedLifetime(server) {}
        #expect(throws: TransportError.timedOut) { try result.get() }
    }

    @Test func cancellingTheTaskAbortsTheTransfer() async throws {
        let transport = CurlTransport(userAgent: "element-shell-tests/1")
        let server = try SilentServer()
        let underway = Recorder<Int64>()
        let task = Task { [transport] in
            try await transport.send(HTTPRequest(method: .get, url: url(server.port, "/sync"), timeout: 600)) { progress in
                Task { await underway.append(progress.done) }
            }
        }
        // libcurl reports progress once the transfer runs: cancel it then, not before it starts.
        try await underway.wait(forCount: 1)
        let started = ContinuousClock.now
        task.cancel()
        let result = await task.result
        withExtendedLifetime(server) {}
        #expect(throws: TransportError.cancelled) { try result.get() }
        // Taken off at once, not at the request's 600 s limit (a busy machine may take seconds).
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test func alreadyCancelledTasksDoNotConnect() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 200) }
        defer { server.stop() }
        let task = Task { [transport] in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(HTTPRequest(method: .get, url: url(server.port, "/")))
        }
        let result = await task.result
        #expect(throws: TransportError.cancelled) { try result.get() }
        #expect(server.acceptedConnections == 0)
    }

    @Test func refusedConnectionIsCannotConnect() async throws {
        let closed = try ClosedPort()
        let port = closed.port
        await #expect(throws: TransportError.cannotConnect("127.0.0.1:\(port)")) {
            try await transport.send(HTTPRequest(method: .get, url: url(port, "/")))
        }
        withExtendedLifetime(closed) {}
    }

    @Test func rejectsNonHTTPURLs() async {
        await #expect(throws: TransportError.invalidURL("ftp://example.org/file")) {
            try await transport.send(HTTPRequest(method: .get, url: URL(string: "ftp://example.org/file?token=x")!))
        }
        await #expect(throws: TransportError.invalidURL("file:///etc/passwd")) {
            try await transport.send(HTTPRequest(method: .get, url: URL(fileURLWithPath: "/etc/passwd")))
        }
    }

    /// A `ca_file` that is missing or holds no certificates says so, naming the setting to mend.
    @Test(arguments: ["/nonexistent/ca.pem", #filePath])
    func unusableCAFileSaysSo(caFile: String) async throws {
        let server = try SilentServer()
        let strict = CurlTransport(caFile: caFile, userAgent: "t")
        await #expect {
            try await strict.send(HTTPRequest(method: .get, url: URL(string: "https://127.0.0.1:\(server.port)/")!, timeout: 5))
        } throws: { error in
            guard case .unusableCAFile = error as? TransportError else { return false }
            let text = L10n.$languageOverride.withValue("en") { ErrorMessages.message(for: error as! TransportError) }
            return text.hasPrefix("The file named by ca_file holds no certificate authority")
        }
    }

    @Test func mapsCurlResultCodes() {
        let url = URL(string: "https://hs.example:8448/_matrix/client/v3/sync?access_token=secret")!
        #expect(TransportError(curlCode: CURLE_OPERATION_TIMEDOUT, url: url, message: "m") == .timedOut)
        #expect(TransportError(curlCode: CURLE_COULDNT_RESOLVE_HOST, url: url, message: "m") == .cannotResolveHost("hs.example"))
        #expect(TransportError(curlCode: CURLE_COULDNT_CONNECT, url: url, message: "m") == .cannotConnect("hs.example:8448"))
        #expect(TransportError(curlCode: CURLE_COULDNT_CONNECT, url: URL(string: "http://[::1]:8008/")!, message: "m")
            == .cannotConnect("[::1]:8008"))
        #expect(TransportError(curlCode: CURLE_PEER_FAILED_VERIFICATION, url: url, message: "bad cert") == .untrustedCertificate("bad cert"))
        #expect(TransportError(curlCode: CURLE_SSL_CONNECT_ERROR, url: url, message: "handshake") == .tls("handshake"))
        #expect(TransportError(curlCode: CURLE_ABORTED_BY_CALLBACK, url: url, message: "m") == .cancelled)
        #expect(TransportError(curlCode: CURLE_URL_MALFORMAT, url: url, message: "m")
            == .invalidURL("https://hs.example:8448/_matrix/client/v3/sync"))
        #expect(TransportError(curlCode: CURLE_RECV_ERROR, url: url, message: "reset") == .other(code: 56, message: "reset"))
    }
}

final class RequestLogOnServer: Sendable {
    private let requests = Mutex<[LoopbackHTTPServer.Request]>([])
    func append(_ request: LoopbackHTTPServer.Request) { requests.withLock { $0.append(request) } }
    var all: [LoopbackHTTPServer.Request] { requests.withLock { $0 } }
}
