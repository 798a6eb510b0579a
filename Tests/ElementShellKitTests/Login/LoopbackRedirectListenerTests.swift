import Foundation
import TestSupport
import Testing
@testable import ElementShellKit
@testable import MatrixClient
#if canImport(Glibc)
import Glibc
#endif

/// The real listener on 127.0.0.1, spoken to over sockets as a browser (and anything else on
/// the machine) would. Each exchange blocks a thread of its own, never one of the pool's: the
/// task that starts the listener's wait needs one.
struct LoopbackRedirectListenerTests {
    static let pages = LoginRedirectPages(signedIn: "Signed in <b>&</b>", failed: "Failed")

    /// Sends `request` on a new connection and returns the whole answer.
    func exchange(_ request: String, port: UInt16) async throws -> String {
        try await offThePool { try Self.exchange(request, port: port) }
    }

    static func exchange(_ request: String, port: UInt16) throws -> String {
        let connection = try connect(port)
        defer { close(connection) }
        var bytes = Array(request.utf8)
        _ = send(connection, &bytes, bytes.count, Int32(MSG_NOSIGNAL))
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = recv(connection, &buffer, buffer.count, 0), count > 0 {
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    static func connect(_ port: UInt16) throws -> Int32 {
        let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = in_addr_t(UInt32(INADDR_LOOPBACK).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(connection)
            throw POSIXError(.ECONNREFUSED)
        }
        return connection
    }

    func request(_ target: String, host: String, method: String = "GET") -> String {
        "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nUser-Agent: test\r\n\r\n"
    }

    @Test func refusesEverythingButTheRedirectThenAnswersItAndStops() async throws {
        let listener = try LoopbackRedirectListener(pages: Self.pages)
        let url = listener.redirectURL
        #expect(url.scheme == "http" && url.host == "127.0.0.1" && url.path.hasPrefix("/login/") && url.path.count > 30)
        let port = UInt16(try #require(url.port))
        let host = "127.0.0.1:\(port)"
        let waiting = Task { try await listener.redirect() }

        // A browser's idle pre-connection stays open meanwhile; it must not hold the rest up.
        let idle = try Self.connect(port)
        defer { close(idle) }
        for refused in [request("/favicon.ico", host: host), request(url.path + "?loginToken=t", host: host, method: "POST"),
                        request(url.path + "?loginToken=t", host: "localhost.evil.example:\(port)"), request(url.path, host: host)] {
            let answer = try await exchange(refused, port: port)
            #expect(answer.hasPrefix("HTTP/1.1 404 "), "\(refused.prefix(60))")
        }
        // A head that never ends is cut off (the answer may be lost in the reset); the wait goes on.
        _ = try await exchange("GET " + url.path + "?loginToken=t HTTP/1.1\r\nHost: \(host)\r\n" + String(repeating: "X-Pad: 0123456789\r\n", count: 2000),
                         port: port)

        let answer = try await exchange(request(url.path + "?loginToken=the%2Btoken", host: host), port: port)
        #expect(answer.hasPrefix("HTTP/1.1 200 OK"))
        #expect(answer.contains("Signed in &lt;b&gt;&amp;&lt;/b&gt;") && answer.contains("Cache-Control: no-store"))
        #expect(try await waiting.value == .loginToken("the+token"))
        #expect(listener.hasClosed, "one-shot: nobody listens any more")
    }

    @Test func anErrorRedirectEndsTheWaitToo() async throws {
        let listener = try LoopbackRedirectListener(pages: Self.pages)
        let port = UInt16(try #require(listener.redirectURL.port))
        let waiting = Task { try await listener.redirect() }
        let answer = try await exchange(request(listener.redirectURL.path + "?error=access_denied", host: "127.0.0.1:\(port)"), port: port)
        #expect(answer.contains("Failed"))
        #expect(try await waiting.value == .error("access_denied"))
    }

    @Test func cancellingStopsListening() async throws {
        let listener = try LoopbackRedirectListener(pages: Self.pages)
        let port = UInt16(try #require(listener.redirectURL.port))
        let waiting = Task { try await listener.redirect() }
        // Connected means the thread serves; then the cancellation must reach it.
        close(try Self.connect(port))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        // Its own state, not a connection that fails: once the port is free, another test's
        // server may be given it (CI connected to one), or a connection to it may meet itself.
        #expect(listener.hasClosed)
    }
}
