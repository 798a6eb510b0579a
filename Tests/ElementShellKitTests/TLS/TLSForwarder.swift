import Foundation

/// `Peers/tls_forwarder.py`: TLS with a test certificate on 127.0.0.1, in front of a plain HTTP
/// server there. The forwarder detaches, so it is started through `CleanStart` (it must not hold
/// this process's descriptors) and stopped by its PID when released; should the test process
/// crash, it notices and ends by itself.
final class TLSForwarder {
    let port: Int
    private let pid: Int32

    init(_ identity: TestCertificates.Identity, to targetPort: Int) async throws {
        let arguments = [PeerScript.python ?? "/usr/bin/python3", PeerScript.path("tls_forwarder.py"), identity.certificate, identity.key,
                         "\(targetPort)", "\(ProcessInfo.processInfo.processIdentifier)"]
        let printed = try await offThePool { try CleanStart.process(arguments).runCapturingOutput().output }
        let fields = printed.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 2 else { throw Failure(output: printed) }
        (port, pid) = (fields[0], Int32(fields[1]))
    }

    deinit {
        kill(pid, SIGTERM)
    }

    /// `https://127.0.0.1:PORT`, the name the server certificate is for.
    var url: URL { URL(string: "https://127.0.0.1:\(port)")! }

    struct Failure: Error, CustomStringConvertible {
        let output: String
        var description: String { "tls_forwarder.py did not start: \(output)" }
    }
}
