import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A `LoginRedirectListener` on 127.0.0.1 (RFC 8252's loopback redirect): a port the kernel
/// picks, a random path no page can guess, and only the expected request answered (see
/// `LoginRedirectRequest`). A thread of its own polls the socket and every open connection, so a
/// browser's idle pre-connection never holds up the real request.
public final class LoopbackRedirectListener: LoginRedirectListener {
    public let redirectURL: URL
    private let pages: LoginRedirectPages
    private let path: String
    private let host: String
    private let listening: Int32
    /// Written to stop the thread (cancellation); the thread closes every descriptor.
    private let wake: (read: Int32, write: Int32)
    private let started = Mutex(false)
    /// Set, under its lock, when the descriptors are closed: a late cancellation must not write
    /// to a number the process may have given to another file since.
    private let closed = Mutex(false)

    /// Whether the thread has closed every descriptor: the port listens no more.
    var hasClosed: Bool { closed.withLock { $0 } }

    /// At most this many connections wait for their request at once; more are closed.
    private static let maximumConnections = 32

    public init(pages: LoginRedirectPages) throws {
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard listening >= 0 else { throw LoginError.redirectUnavailable }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(UInt32(INADDR_LOOPBACK).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listening, socketAddress, length) == 0 && listen(listening, 16) == 0
                    && getsockname(listening, socketAddress, &length) == 0
            }
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard bound, pipe(&pipeEnds) == 0 else {
            close(listening)
            throw LoginError.redirectUnavailable
        }
        var secret = SystemRandomNumberGenerator()
        path = "/login/" + (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &secret)) }.joined()
        host = "127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
        redirectURL = URL(string: "http://\(host)\(path)")!
        self.listening = listening
        self.pages = pages
        wake = (pipeEnds[0], pipeEnds[1])
        pipeEnds.forEach(Self.detach)
    }

    /// Non-blocking, and not inherited by programs the shell starts (`xdg-open`, `notify-send`).
    private static func detach(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        // Never waited on: the thread that would close them never ran.
        if !started.withLock({ $0 }) {
            close(listening)
            close(wake.read)
            close(wake.write)
        }
    }

    public func redirect() async throws -> LoginRedirect {
        precondition(!started.withLock { started in defer { started = true }; return started }, "a listener answers one redirect")
        let outcome: LoginRedirect? = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread { [self] in continuation.resume(returning: serve()) }.start()
            }
        } onCancel: { [self] in
            closed.withLock { closed in
                guard !closed else { return }
                var byte: UInt8 = 1
                _ = write(wake.write, &byte, 1)
            }
        }
        guard let outcome else { throw CancellationError() }
        return outcome
    }

    /// Answers connections until the redirect comes (returned) or the wait is cancelled (`nil`).
    private func serve() -> LoginRedirect? {
        var heads: [Int32: [UInt8]] = [:]
        defer {
            heads.keys.forEach { close($0) }
            closed.withLock { closed in
                closed = true
                close(listening)
                close(wake.read)
                close(wake.write)
            }
        }
        while true {
            var polled = [pollfd(fd: listening, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
                + heads.keys.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), -1) >= 0 || errno == EINTR else { return nil }
            if polled[1].revents != 0 { return nil }
            if polled[0].revents != 0 { accept(into: &heads) }
            for entry in polled.dropFirst(2) where entry.revents != 0 {
                if let redirect = read(entry.fd, into: &heads) { return redirect }
            }
        }
    }

    private func accept(into heads: inout [Int32: [UInt8]]) {
        while case let connection = Glibc.accept(listening, nil, nil), connection >= 0 {
            Self.detach(connection)
            guard heads.count < Self.maximumConnections else {
                close(connection)
                continue
            }
            heads[connection] = []
        }
    }

    /// Reads what `connection` sent; once its head is complete, judges and answers it.
    private func read(_ connection: Int32, into heads: inout [Int32: [UInt8]]) -> LoginRedirect? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(connection, &buffer, buffer.count)
        if count < 0, errno == EAGAIN || errno == EINTR { return nil }
        guard count > 0 else {
            heads[connection] = nil
            close(connection)
            return nil
        }
        heads[connection, default: []].append(contentsOf: buffer[..<count])
        let received = heads[connection] ?? []
        let end = received.firstRange(of: [13, 10, 13, 10])
        guard end != nil || received.count > LoginRedirectRequest.maximumHeadLength else { return nil }
        heads[connection] = nil
        defer { close(connection) }
        let head = end.map { String(decoding: received[..<$0.lowerBound], as: UTF8.self) } ?? ""
        switch LoginRedirectRequest.verdict(head: head, path: path, host: host) {
        case .redirect(let redirect):
            if case .loginToken = redirect { respond(connection, status: "200 OK", page: pages.signedIn) } else { respond(connection, status: "200 OK", page: pages.failed) }
            return redirect
        case .refused:
            respond(connection, status: "404 Not Found", page: nil)
            return nil
        }
    }

    /// A small answer fits the socket's buffer whole; a peer that reads nothing loses only its page.
    private func respond(_ connection: Int32, status: String, page: String?) {
        let body = page.map(LoginRedirectPages.html) ?? ""
        let response = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n\(body)"
        var bytes = Array(response.utf8)
        _ = send(connection, &bytes, bytes.count, Int32(MSG_NOSIGNAL))
    }
}
