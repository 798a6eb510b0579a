import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Login, whoami and logout against the real Synapse the test scripts start.
@Suite(.serialized, .enabled(if: TestHomeserver.current != nil, "set ELEMENT_SHELL_TEST_HOMESERVER to run"))
struct MatrixAuthIntegrationTests {
    private let homeserver = TestHomeserver.current!
    private let transport = CurlTransport(userAgent: "element-shell-tests")
    private var auth: MatrixAuthService { MatrixAuthService(transport: transport) }
    private var baseURL: URL { URL(homeserverBaseURL: homeserver.url.absoluteString)! }

    private func login(_ user: String) async throws -> Session {
        try await auth.login(homeserverURL: baseURL, user: user, password: homeserver.password,
                             deviceDisplayName: "element-shell integration test")
    }

    @Test func resolvesTheHomeserverURL() async throws {
        #expect(try await auth.resolveHomeserver(homeserver.url.absoluteString) == baseURL)
        #expect(try await auth.resolveHomeserver(homeserver.url.absoluteString + "/") == baseURL)
    }

    @Test func offersPasswordLogin() async throws {
        #expect(try await auth.offeredLogins(homeserverURL: baseURL).password)
    }

    @Test func localpartLoginWhoamiAndLogout() async throws {
        let localpart = homeserver.user(0)
        let session = try await login(localpart)
        #expect(session.userID == "@\(localpart):\(homeserver.serverName)")
        #expect(!session.deviceID.isEmpty && !session.accessToken.isEmpty)
        #expect(session.homeserverURL == baseURL)

        #expect(try await auth.whoami(session) == TokenOwner(userID: session.userID, deviceID: session.deviceID))
        try await auth.logout(session)
        await #expect(throws: MatrixError.unknownToken(softLogout: false)) { try await auth.whoami(session) }
    }

    @Test func fullUserIDLogin() async throws {
        let userID = "@\(homeserver.user(1)):\(homeserver.serverName)"
        let session = try await login(userID)
        #expect(session.userID == userID)
        #expect(try await auth.whoami(session).userID == userID)
        try await auth.logout(session)
    }

    @Test func eachLoginIsANewDevice() async throws {
        let first = try await login(homeserver.user(2))
        let second = try await login(homeserver.user(2))
        #expect(first.deviceID != second.deviceID)
        try await auth.logout(first)
        #expect(try await auth.whoami(second).deviceID == second.deviceID, "logging one device out leaves the other")
        try await auth.logout(second)
    }

    @Test func wrongPasswordIsForbidden() async {
        let error = await #expect(throws: MatrixError.self) {
            try await auth.login(homeserverURL: baseURL, user: homeserver.user(0), password: homeserver.password + "-wrong",
                                 deviceDisplayName: "element-shell integration test")
        }
        guard case .forbidden = error else {
            Issue.record("expected forbidden, got \(String(describing: error))")
            return
        }
    }

    @Test func unknownUserIsForbidden() async {
        let error = await #expect(throws: MatrixError.self) {
            try await auth.login(homeserverURL: baseURL, user: "nobody-\(UUID().uuidString.prefix(8).lowercased())",
                                 password: homeserver.password, deviceDisplayName: "t")
        }
        guard case .forbidden = error else {
            Issue.record("expected forbidden, got \(String(describing: error))")
            return
        }
    }

    @Test func madeUpTokenIsUnknown() async {
        let forged = Session(userID: "@\(homeserver.user(0)):\(homeserver.serverName)", deviceID: "NOPE",
                             accessToken: "syt_forged", homeserverURL: baseURL)
        await #expect(throws: MatrixError.unknownToken(softLogout: false)) { try await auth.whoami(forged) }
    }

    @Test func unreachablePortIsCannotConnect() async throws {
        let closed = try ClosedPort()
        let port = closed.port
        defer { withExtendedLifetime(closed) {} }
        let unreachable = URL(string: "http://127.0.0.1:\(port)")!
        await #expect(throws: MatrixError.transport(.cannotConnect("127.0.0.1:\(port)"))) {
            try await auth.login(homeserverURL: unreachable, user: "alice", password: "x", deviceDisplayName: "t")
        }
        await #expect(throws: MatrixError.transport(.cannotConnect("127.0.0.1:\(port)"))) {
            try await auth.resolveHomeserver(unreachable.absoluteString)
        }
    }

    @Test func keepsTheConnectionAliveAcrossRequests() async throws {
        let client = MatrixClient(homeserverURL: baseURL, transport: transport)
        for _ in 0..<20 {
            #expect(try await !client.send(.versions).versions.isEmpty)
        }
        #expect(transport.idleHandleCount == 1)
    }
}
