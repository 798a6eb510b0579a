import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The binary against a homeserver on `https://127.0.0.1:PORT` (a private Synapse behind the TLS
/// forwarder, which it names as its own address, so the shell stays on TLS): a private CA works
/// once `ca_file` names it, and without that the login is refused, says why, and keeps nothing.
@Suite(.enabled(if: PrivateHomeserver.isAvailable, "needs Synapse and the venv of Scripts/test"))
struct ShellTLSIntegrationTests {
    let server: PrivateHomeserver
    let certificates: TestCertificates
    let forwarder: TLSForwarder
    /// The server as the shell sees it: through the forwarder.
    let secure: TestHomeserver

    init() async throws {
        server = try await PrivateHomeserver(users: ["alice", "bob"])
        certificates = try await TestCertificates()
        forwarder = try await TLSForwarder(certificates.server, to: server.homeserver.url.port ?? 0)
        try await server.advertise(forwarder.url)
        var secure = server.homeserver
        secure.url = forwarder.url
        self.secure = secure
    }

    var password: [String: String] { ["ELEMENT_SHELL_PASSWORD": secure.password] }

    @Test func aPrivateCANamedInCAFileCarriesLoginSyncAndSending() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: secure, settings: ["ca_file": certificates.authority]) + ["--output", "json"]
        // The peer talks to Synapse directly, in the clear: only the shell's side is TLS.
        let peer = NioPeer(homeserver: server.homeserver, user: "bob")
        let name = "Over TLS \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: "@alice:localhost")
        try await peer.send(["the peer's word"], to: roomID)

        let run = try await shell.run(base + ["-c", "/login test alice", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/open \(name)",
                                              "-c", "answered over TLS", "-c", "/wait sent"], extraEnvironment: password)
        #expect(run.status == 0, "\(run)")
        let opened = run.objects.first { $0["command"] as? String == "open" }?["messages"] as? [[String: Any]]
        #expect(opened?.compactMap { $0["body"] as? String } == ["the peer's word"], "synced through the forwarder")
        #expect(try await peer.receives("answered over TLS", in: roomID))
        let session = try await SessionStore(directory: dataDirectory(of: shell)).load()
        #expect(session?.homeserverURL.absoluteString.hasPrefix(forwarder.url.absoluteString) == true, "the session stays on TLS")
        try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
    }

    @Test func withoutCAFileTheLoginIsRefusedSayingWhyAndNothingIsKept() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let arguments = try shell.testerArguments(for: secure) + ["-c", "/login test alice"]
        let english = try await shell.run(arguments, extraEnvironment: password)
        #expect(english.status == 1, "\(english)")
        #expect(english.standardError.contains("The homeserver's certificate is not trusted ("), "\(english.standardError)")
        #expect(english.standardError.contains("set ca_file to that authority's certificate"), "\(english.standardError)")
        let german = try await shell.run(arguments, extraEnvironment: password.merging(["LANG": "de_DE.UTF-8"]) { $1 })
        #expect(german.standardError.contains("Dem Zertifikat des Heimservers wird nicht vertraut ("), "\(german.standardError)")

        let kept = (try? FileManager.default.contentsOfDirectory(atPath: dataDirectory(of: shell).path)) ?? []
        #expect(!kept.contains("session.json") && !kept.contains("accounts"), "\(kept)")
    }

    func dataDirectory(of shell: ShellProcess) -> URL {
        shell.home.appending(path: ".local/share/element-shell/tester")
    }
}
