import Foundation
import Glibc
import Synchronization

/// A TCP socket listening on 127.0.0.1 that never accepts: connections complete in the kernel
/// backlog and then hear nothing, which is what timeout and cancellation tests need.
final class SilentServer: Sendable {
    let port: Int
    fileprivate let descriptor: Int32

    init() throws {
        (descriptor, port) = try bindLoopback(listening: true)
    }

    deinit { close(descriptor) }
}

/// A port on which nothing listens, for "connection refused": bound but never listening, and held
/// for the test's lifetime, so no other test's server can be given the same port meanwhile.
final class ClosedPort: Sendable {
    let port: Int
    private let descriptor: Int32

    init() throws {
        (descriptor, port) = try bindLoopback(listening: false)
    }

    deinit { close(descriptor) }
}

/// A TCP socket bound to a free port on 127.0.0.1, listening or not.
private func bindLoopback(listening: Bool) throws -> (descriptor: Int32, port: Int) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
            bind(descriptor, generic, length) == 0 && (!listening || listen(descriptor, 16) == 0)
                && getsockname(descriptor, generic, &length) == 0
        }
    }
    guard bound else {
        close(descriptor)
        throw POSIXError(.EADDRINUSE)
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
}

/// A minimal HTTP/1.1 server on 127.0.0.1: keep-alive, Content-Length bodies only, one thread
/// per connection. Counts accepted connections so tests can see reuse.
final class LoopbackHTTPServer: Sendable {
    struct Request: Sendable {
        var method: String
        var path: String
        var headers: [String: String]
        var body: Data
    }

    struct Reply: Sendable {
        var status: Int
        var headers: [(String, String)] = []
        var body = Data()
    }

    private let listener: SilentServer
    private let handler: @Sendable (Request) -> Reply
    private let accepted = Atomic<Int>(0)
    private let connections = Mutex<[Int32]>([])

    var port: Int { listener.port }
    var acceptedConnections: Int { accepted.load(ordering: .relaxed) }

    init(handler: @escaping @Sendable (Request) -> Reply) throws {
        listener = try SilentServer()
        self.handler = handler
        Thread { [self] in acceptLoop() }.start()
    }

    func stop() {
        shutdown(listener.descriptor, Int32(SHUT_RDWR))
        connections.withLock { $0.forEach { shutdown($0, Int32(SHUT_RDWR)) } }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener.descriptor, nil, nil)
            guard connection >= 0 else { return }
            accepted.add(1, ordering: .relaxed)
            connections.withLock { $0.append(connection) }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        // Forgotten and closed under the lock `stop` shuts connections down under: a number closed
        // is soon another socket's in this process (another test's connection to Synapse), which a
        // late `shutdown` would cut.
        defer {
            connections.withLock { open in
                open.removeAll { $0 == connection }
                close(connection)
            }
        }
        var buffer = Data()
        while let request = readRequest(connection, buffer: &buffer) {
            let reply = handler(request)
            var head = "HTTP/1.1 \(reply.status) Test\r\nContent-Length: \(reply.body.count)\r\n"
            for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
            var bytes = Data((head + "\r\n").utf8)
            bytes.append(reply.body)
            _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    private func readRequest(_ connection: Int32, buffer: inout Data) -> Request? {
        let separator = Data("\r\n\r\n".utf8)
        while buffer.range(of: separator) == nil {
            guard receive(connection, into: &buffer) else { return nil }
        }
        let headEnd = buffer.range(of: separator)!
        let lines = String(decoding: buffer[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count - headEnd.upperBound < length {
            guard receive(connection, into: &buffer) else { return nil }
        }
        let body = buffer[headEnd.upperBound..<(headEnd.upperBound + length)]
        let request = Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: Data(body))
        buffer = Data(buffer[(headEnd.upperBound + length)...])
        return request
    }

    private func receive(_ connection: Int32, into buffer: inout Data) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = recv(connection, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }
}
