import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct URLDowngradeTests {
    private func url(_ text: String) -> URL { URL(string: text)! }

    @Test(arguments: [
        "http://localhost:8008", "http://LOCALHOST", "http://127.0.0.1", "http://127.255.0.9:80",
        "http://[::1]:8008", "http://[0:0:0:0:0:0:0:1]", "https://127.0.0.1",
    ])
    func loopbackHosts(_ text: String) {
        #expect(url(text).hasLoopbackHost)
    }

    @Test(arguments: [
        "http://128.0.0.1", "http://10.0.0.1", "http://localhost.example.org", "http://127.0.0.1.example.org",
        "http://[::2]", "http://[::]", "http://[::ffff:8.8.8.8]", "http://example.org", "http://127.1",
    ])
    func otherHosts(_ text: String) {
        #expect(!url(text).hasLoopbackHost)
    }

    @Test func onlyHTTPSToRemotePlainHTTPIsADowngrade() {
        #expect(url("http://matrix.example.org").isDowngrade(from: url("https://example.org")))
        #expect(url("HTTP://matrix.example.org").isDowngrade(from: url("HTTPS://example.org")))
        #expect(!url("http://127.0.0.1:8008").isDowngrade(from: url("https://example.org")))
        #expect(!url("https://matrix.example.org").isDowngrade(from: url("https://example.org")))
        #expect(!url("http://matrix.example.org").isDowngrade(from: url("http://example.org")))
        #expect(!url("https://matrix.example.org").isDowngrade(from: url("http://example.org")))
    }
}
