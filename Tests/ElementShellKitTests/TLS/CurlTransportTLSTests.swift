import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// libcurl against a real TLS server (the forwarder in front of a loopback HTTP server), with
/// certificates made for the test: verification is on whatever the transport is given, and
/// `caFile` only changes whom it trusts.
@Suite(.enabled(if: PeerScript.python != nil, "needs the venv's Python (cryptography) of Scripts/test"))
struct CurlTransportTLSTests {
    let certificates: TestCertificates
    let backend: LoopbackHTTPServer

    init() async throws {
        certificates = try await TestCertificates()
        backend = try LoopbackHTTPServer { _ in .init(status: 200, body: Data("behind tls".utf8)) }
    }

    func get(_ url: URL, trusting caFile: String?) async throws(TransportError) -> HTTPResponse {
        // A transport each time: pooled handles keep TLS sessions, which must not carry over.
        try await CurlTransport(caFile: caFile, userAgent: "element-shell-tests/1").send(HTTPRequest(method: .get, url: url, timeout: 10))
    }

    @Test func aPrivateCAIsTrustedOnlyWhenCAFileNamesIt() async throws {
        let forwarder = try await TLSForwarder(certificates.server, to: backend.port)
        let response = try await get(forwarder.url, trusting: certificates.authority)
        #expect(response.status == 200 && response.body == Data("behind tls".utf8))

        for caFile in [nil, certificates.otherAuthority] {
            await #expect("trusting \(caFile ?? "the system CAs")") {
                try await get(forwarder.url, trusting: caFile)
            } throws: { Self.isUntrusted($0) }
        }
    }

    @Test func aCertificateForAnotherHostIsRefusedThoughItsCAIsTrusted() async throws {
        let forwarder = try await TLSForwarder(certificates.elsewhere, to: backend.port)
        await #expect {
            try await get(forwarder.url, trusting: certificates.authority)
        } throws: { Self.isUntrusted($0) }
    }

    static func isUntrusted(_ error: any Error) -> Bool {
        if case .untrustedCertificate = error as? TransportError { return true }
        return false
    }
}
