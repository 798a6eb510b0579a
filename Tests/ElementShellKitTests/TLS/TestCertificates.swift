import Foundation

/// Throwaway PEM files from `Peers/tls_certificates.py`, made for one test in a folder that goes
/// with it: a private CA, a server certificate it signed for 127.0.0.1, one it signed for another
/// host, and a second CA that signed nothing here.
final class TestCertificates {
    /// A certificate and its key, for a server.
    struct Identity {
        let certificate: String
        let key: String
    }

    let directory: URL

    init() async throws {
        directory = FileManager.default.temporaryDirectory.appending(path: "element-shell-tls-\(UUID().uuidString.prefix(8))")
        try await PeerScript.run(PeerScript.path("tls_certificates.py"), [directory.path])
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    var authority: String { file("ca.pem") }
    var otherAuthority: String { file("other-ca.pem") }
    /// Valid for 127.0.0.1 and localhost.
    var server: Identity { identity("server") }
    /// Signed by `authority`, but for elsewhere.example only.
    var elsewhere: Identity { identity("elsewhere") }

    private func identity(_ name: String) -> Identity {
        Identity(certificate: file("\(name).pem"), key: file("\(name).key"))
    }

    private func file(_ name: String) -> String { directory.appending(path: name).path }
}
