import Foundation

/// `Peers/tls_forwarder.py`: TLS with a test certificate on 127.0.0.1, in front of a plain HTTP
/// server there, stopped when released.
final class TLSForwarder {
    private let server: DetachedServer

    init(_ identity: TestCertificates.Identity, to targetPort: Int) async throws {
        server = try await DetachedServer("tls_forwarder.py", [identity.certificate, identity.key, "\(targetPort)"])
    }

    var port: Int { server.port }

    /// `https://127.0.0.1:PORT`, the name the server certificate is for.
    var url: URL { URL(string: "https://127.0.0.1:\(port)")! }
}
