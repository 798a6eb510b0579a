import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct HomeserverResolverTests {
    private let versions = Result<HTTPResponse, TransportError>.json(200, #"{"versions":["v1.11","v1.15"]}"#)

    private func resolve(_ input: String, _ routes: [String: Result<HTTPResponse, TransportError>]) async throws(MatrixError) -> URL {
        try await resolve(input, over: FakeTransport.routes(routes))
    }

    private func resolve(_ input: String, over transport: FakeTransport) async throws(MatrixError) -> URL {
        try await MatrixAuthService(transport: transport, retryPolicy: .never).resolveHomeserver(input)
    }

    private func wellKnown(baseURL: String) -> Result<HTTPResponse, TransportError> {
        .json(200, #"{"m.homeserver":{"base_url":"\#(baseURL)"}}"#)
    }

    @Test func serverNameUsesTheAdvertisedBaseURL() async throws {
        let url = try await resolve("example.org", [
            "https://example.org/.well-known/matrix/client": .json(200, #"{"m.homeserver":{"base_url":"https://matrix.example.org/"}}"#),
            "https://matrix.example.org/_matrix/client/versions": versions,
        ])
        #expect(url == URL(string: "https://matrix.example.org")!)
    }

    @Test func serverNameWithoutWellKnownIsItsOwnBaseURL() async throws {
        let transport = FakeTransport.routes([
            "https://example.org/.well-known/matrix/client": .json(404, "Not Found"),
            "https://example.org:8448/_matrix/client/versions": versions,
        ])
        let url = try await resolve("example.org:8448", over: transport)
        #expect(url == URL(string: "https://example.org:8448")!)
        #expect(transport.log.urls == [
            "https://example.org/.well-known/matrix/client", "https://example.org:8448/_matrix/client/versions",
        ])
    }

    @Test func wellKnownIsAskedOfTheHostnameWithoutThePort() async throws {
        let transport = FakeTransport.routes([
            "https://example.org/.well-known/matrix/client": wellKnown(baseURL: "https://matrix.example.org"),
            "https://matrix.example.org/_matrix/client/versions": versions,
        ])
        #expect(try await resolve("@alice:example.org:8448", over: transport) == URL(string: "https://matrix.example.org")!)
        #expect(transport.log.urls.first == "https://example.org/.well-known/matrix/client")

        let literal = FakeTransport.routes([
            "https://[2001:db8::1]/.well-known/matrix/client": .json(404, ""),
            "https://[2001:db8::1]:8448/_matrix/client/versions": versions,
        ])
        #expect(try await resolve("[2001:db8::1]:8448", over: literal) == URL(string: "https://[2001:db8::1]:8448")!)
        #expect(literal.log.urls.first == "https://[2001:db8::1]/.well-known/matrix/client")
    }

    @Test func anyNotFoundIsNoWellKnownWhateverTheBody() async throws {
        for notFound: Result<HTTPResponse, TransportError> in [
            .json(404, #"{"errcode":"M_UNRECOGNIZED","error":"Unrecognized request"}"#),
            .json(404, #"{"errcode":"M_FORBIDDEN","error":"no"}"#),
            .json(404, "<html>Not Found</html>"),
        ] {
            let url = try await resolve("example.org", [
                "https://example.org/.well-known/matrix/client": notFound,
                "https://example.org/_matrix/client/versions": versions,
            ])
            #expect(url == URL(string: "https://example.org")!)
        }
    }

    @Test func brokenWellKnownAsksForAURL() async {
        for body in ["", "<html>", #"{"m.homeserver":{}}"#, #"{"m.homeserver":{"base_url":7}}"#] {
            await #expect(throws: MatrixError.wellKnownInvalid("example.org")) {
                try await resolve("example.org", ["https://example.org/.well-known/matrix/client": .json(200, body)])
            }
        }
        for status in [500, 403, 400] {
            await #expect(throws: MatrixError.wellKnownInvalid("example.org")) {
                try await resolve("example.org", [
                    "https://example.org/.well-known/matrix/client": .json(status, #"{"errcode":"M_UNRECOGNIZED"}"#),
                    "https://example.org/_matrix/client/versions": versions,
                ])
            }
        }
    }

    @Test func wellKnownMustNotDowngradeToPlainHTTP() async {
        for advertised in ["http://matrix.example.org", "http://127.0.0.1.example.org", "http://128.0.0.1:8008"] {
            let transport = FakeTransport.routes([
                "https://example.org/.well-known/matrix/client": wellKnown(baseURL: advertised),
                "\(advertised)/_matrix/client/versions": versions,
            ])
            await #expect(throws: MatrixError.wellKnownInvalid("example.org")) {
                try await resolve("example.org", over: transport)
            }
            #expect(transport.log.all.count == 1, "\(advertised) must never be contacted")
        }
    }

    @Test func wellKnownMayPointToPlainHTTPOnThisMachine() async throws {
        for advertised in ["http://localhost:8008", "http://127.0.0.1:8008", "http://127.9.8.7", "http://[::1]:8008"] {
            let url = try await resolve("example.org", [
                "https://example.org/.well-known/matrix/client": wellKnown(baseURL: advertised),
                "\(advertised)/_matrix/client/versions": versions,
            ])
            #expect(url == URL(string: advertised)!)
        }
    }

    @Test func onlyServersWithV1_1OrLaterAreHomeservers() async throws {
        for list in [#"["r0.5.0","r0.6.1"]"#, #"["v1.0"]"#, #"["v2.0"]"#, #"["v1."]"#, #"["v1.x"]"#, "[]"] {
            await #expect(throws: MatrixError.invalidHomeserver("https://example.org")) {
                try await resolve("https://example.org", [
                    "https://example.org/_matrix/client/versions": .json(200, #"{"versions":\#(list)}"#),
                ])
            }
        }
        for list in [#"["r0.6.1","v1.1"]"#, #"["v1.15"]"#] {
            let url = try await resolve("https://example.org", [
                "https://example.org/_matrix/client/versions": .json(200, #"{"versions":\#(list)}"#),
            ])
            #expect(url == URL(string: "https://example.org")!)
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

    @Test func typedHTTPSURLIsKeptWhenWellKnownDowngrades() async throws {
        let transport = FakeTransport.routes([
            "https://example.org/.well-known/matrix/client": wellKnown(baseURL: "http://matrix.example.org"),
            "http://matrix.example.org/_matrix/client/versions": versions,
            "https://example.org/_matrix/client/versions": versions,
        ])
        #expect(try await resolve("https://example.org", over: transport) == URL(string: "https://example.org")!)
        #expect(!transport.log.urls.contains { $0.hasPrefix("http:") })
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
