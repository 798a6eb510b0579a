import Foundation
import TestSupport

/// A test server among the peers (`Peers/detached_server.py`: the TLS forwarder, the fault
/// proxy) on 127.0.0.1. It detaches, so it is started through `CleanStart` (a child living on
/// would hold this process's descriptors, and Foundation would stop noticing other children
/// end), and is stopped by its PID when released; should the test process crash, it notices and
/// ends by itself.
final class DetachedServer: Sendable {
    let port: Int
    private let pid: Int32

    /// Starts `script` with `arguments`, this process's PID added as its owner.
    init(_ script: String, _ arguments: [String]) async throws {
        let command = [PeerScript.python ?? "/usr/bin/python3", PeerScript.path(script)] + arguments
            + ["\(ProcessInfo.processInfo.processIdentifier)"]
        let printed = try await offThePool { try CleanStart.process(command).runCapturingOutput().output }
        let fields = printed.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 2 else { throw Failure(script: script, output: printed) }
        (port, pid) = (fields[0], Int32(fields[1]))
    }

    deinit {
        kill(pid, SIGTERM)
    }

    struct Failure: Error, CustomStringConvertible {
        let script: String
        let output: String
        var description: String { "\(script) did not start: \(output)" }
    }
}
