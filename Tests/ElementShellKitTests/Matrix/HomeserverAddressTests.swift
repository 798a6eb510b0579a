import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct HomeserverAddressTests {
    @Test(arguments: [
        ("https://matrix.example.org", "https://matrix.example.org"),
        ("http://127.0.0.1:8008", "http://127.0.0.1:8008"),
        ("  HTTPS://matrix.example.org/ \n", "https://matrix.example.org"),
        ("https://example.org/matrix/", "https://example.org/matrix"),
        ("http://[::1]:8008", "http://[::1]:8008"),
    ])
    func parsesURLs(input: String, expected: String) throws {
        #expect(try HomeserverAddress(parsing: input) == .url(URL(string: expected)!))
    }

    @Test(arguments: [
        ("matrix.org", "matrix.org"),
        ("example.com:8448", "example.com:8448"),
        ("localhost", "localhost"),
        ("1.2.3.4:8448", "1.2.3.4:8448"),
        ("[1234:5678::abcd]:443", "[1234:5678::abcd]:443"),
        (" matrix.org ", "matrix.org"),
        ("@alice:example.org", "example.org"),
        ("@bob:example.org:8448", "example.org:8448"),
    ])
    func parsesServerNames(input: String, expected: String) throws {
        #expect(try HomeserverAddress(parsing: input) == .serverName(expected))
    }

    @Test(arguments: [
        ("example.com:8448", "example.com"),
        ("example.com", "example.com"),
        ("1.2.3.4:8448", "1.2.3.4"),
        ("[1234:5678::abcd]:443", "[1234:5678::abcd]"),
        ("[::1]", "[::1]"),
    ])
    func serverNameHostnameDropsThePort(name: String, hostname: String) {
        #expect(ServerName.hostname(name) == hostname)
    }

    @Test func invalidServerNamesHaveNoHostname() {
        #expect(ServerName.hostname("example.com:") == nil && ServerName.hostname("[::1") == nil && ServerName.hostname("") == nil)
    }

    @Test(arguments: [
        "", "   ", "not a server", "ftp://example.org", "https://", "https://user:pw@example.org",
        "https://example.org/?x=1", "https://exa mple.org", "example.org/path", "example.org:", "example.org:0",
        "example.org:99999", "example.org:80a", "exa_mple.org", "..", "-example.org", "example..org",
        "[::1", "[zz::1]", "@alice", "@alice:", "matrix.org:8448:1",
    ])
    func rejectsGarbage(input: String) {
        #expect(throws: MatrixError.invalidHomeserver(input.trimmingCharacters(in: .whitespacesAndNewlines))) {
            try HomeserverAddress(parsing: input)
        }
    }
}
