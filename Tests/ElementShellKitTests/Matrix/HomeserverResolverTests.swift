import Foundation
import Testing
@testable import ElementShellKit

@Suite struct HomeserverResolverTests {
    private let versions = Result<HTTPResponse, TransportError>.json(200, #"{"versions":["v1.11","v1.15"]}"#)

    private func resolve(_ input: String, _ routes: [String: Result<HTTPResponse, TransportError>]) async throws(MatrixError) -> URL {
        try await MatrixAuthService(transport: FakeTransport.routes(routes), retryPolicy: .never).resolveHomeserver(input)
    }

    @Test func serverNameUsesTheAdvertisedBaseURL() async throws {
        let url = try await resolve("example.org", [
            "https://example.org/.well-known/matrix/client": .json(200, #"{"m.homeserver":{"base_url":"https://matrix.example.org/"}}"#),
            "https://matrix.example.org/_matrix/client/versions": versions,
        ])
        #expect(url == URL(string: "https://matrix.example.org")!)
    }

    @Test func serverNameWithoutWellKnownIsItsOwnBaseURL() async throws {
        let url = try await resolve("example.org:8448", [
            "https://example.org:8448/.well-known/matrix/client": .json(404, "Not Found"),
            "https://example.org:8448/_matrix/client/versions": versions,
        ])
        #expect(url == URL(string: "https://example.org:8448")!)
    }

    @Test func brokenWellKnownAsksForAURL() async {
        for body in ["", "<html>", #"{"m.homeserver":{}}"#, #"{"m.homeserver":{"base_url":7}}"#] {
            await #expect(throws: MatrixError.wellKnownInvalid("example.org")) {
                try await resolve("example.org", ["https://example.org/.well-known/matrix/client": .json(200, body)])
            }
        }
        await #expect(throws: MatrixError.wellKnownInvalid("example.org")) {
            try await resolve("example.org", ["https://example.org/.well-known/matrix/client": .json(500, "oops")])
        }
    }

    @Test func advertisedBaseURLThatIsNotAHomeserverIsAnError() async {
        await #expect(throws: MatrixError.invalidHomeserver("not a url")) {
            try await resolve("example.org", [
                "https://example.org/.well-known/matrix/client": .json(200, #"{"m.homeserver":{"base_url":"not a url"}}"#),
            ])
        }
        await #expect(throws: MatrixError.invalidHomeserver("https://matrix.example.org")) {
            try await resolve("example.org", [
                "https://example.org/.well-known/matrix/client": .json(200, #"{"m.homeserver":{"base_url":"https://matrix.example.org"}}"#),
                "https://matrix.example.org/_matrix/client/versions": .json(200, #"{"hello":"world"}"#),
            ])
        }
    }

    @Test func unreachableServerNameReportsTheTransportError() async {
        await #expect(throws: MatrixError.transport(.cannotResolveHost("nowhere.example"))) {
            try await resolve("nowhere.example", [
                "https://nowhere.example/.well-known/matrix/client": .failure(.cannotResolveHost("nowhere.example")),
            ])
        }
    }

    @Test func typedURLPrefersAWorkingAdvertisedBaseURL() async throws {
        let url = try await resolve("https://example.org", [
            "https://example.org/.well-known/matrix/client": .json(200, #"{"m.homeserver":{"base_url":"https://matrix.example.org"}}"#),
            "https://matrix.example.org/_matrix/client/versions": versions,
            "https://example.org/_matrix/client/versions": versions,
        ])
        #expect(url == URL(string: "https://matrix.example.org")!)
    }

    @Test func typedURLIsUsedWhenWellKnownIsMissingBrokenOrWrong() async throws {
        let typed = "http://127.0.0.1:8008/_synapse_prefix"
        let versionsRoute = "http://127.0.0.1:8008/_synapse_prefix/_matrix/client/versions"
        for wellKnown: Result<HTTPResponse, TransportError> in [
            .json(404, ""), .json(200, "<html>"),
            .json(200, #"{"m.homeserver":{"base_url":"https://elsewhere.example"}}"#),
        ] {
            let url = try await resolve(typed, ["http://127.0.0.1:8008/.well-known/matrix/client": wellKnown, versionsRoute: versions])
            #expect(url == URL(string: typed)!)
        }
    }

    @Test func typedURLThatIsNotAHomeserverIsAnError() async {
        await #expect(throws: MatrixError.invalidHomeserver("https://example.org")) {
            try await resolve("https://example.org", ["https://example.org/_matrix/client/versions": .json(200, "<html>")])
        }
        await #expect(throws: MatrixError.transport(.cannotConnect("example.org:8448"))) {
            try await resolve("https://example.org:8448", [
                "https://example.org:8448/.well-known/matrix/client": .failure(.cannotConnect("example.org:8448")),
                "https://example.org:8448/_matrix/client/versions": .failure(.cannotConnect("example.org:8448")),
            ])
        }
    }

    @Test func garbageIsRejectedWithoutNetwork() async {
        let transport = FakeTransport.routes([:])
        await #expect(throws: MatrixError.invalidHomeserver("exa mple")) {
            try await MatrixAuthService(transport: transport).resolveHomeserver("exa mple")
        }
        #expect(transport.log.all.isEmpty)
    }
}
