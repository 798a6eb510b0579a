import Foundation
import Logging

/// `AuthService` on the Matrix client-server API (legacy authentication).
public struct MatrixAuthService: AuthService {
    private let transport: any HTTPTransport
    private let retryPolicy: RetryPolicy
    private let requestTimeout: TimeInterval
    private let clock: any ShellClock
    private let logger: Logger

    /// `requestTimeout`: seconds to wait for an answer (the `request_timeout` setting).
    public init(
        transport: any HTTPTransport,
        retryPolicy: RetryPolicy = .standard,
        requestTimeout: TimeInterval = 30,
        clock: any ShellClock = SystemClock(),
        logger: Logger = Logger(label: "element-shell.matrix")
    ) {
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.requestTimeout = requestTimeout
        self.clock = clock
        self.logger = logger
    }

    public func resolveHomeserver(_ input: String) async throws(MatrixError) -> URL {
        try await resolver.resolve(input)
    }

    public func offeredLogins(homeserverURL: URL) async throws(MatrixError) -> OfferedLogins {
        let response = try await client(homeserverURL, accessToken: nil).exchange(.loginFlows)
        // Servers without the legacy login API (OAuth 2.0 only) answer 404 or M_UNRECOGNIZED.
        guard response.status != 404 else { return .none }
        guard response.isSuccess else {
            let error = MatrixError(response: response)
            if case .server(errcode: "M_UNRECOGNIZED", message: _, status: _) = error { return .none }
            throw error
        }
        return try MatrixClient.decode(LoginFlows.self, from: response.body).offered
    }

    public func login(homeserverURL: URL, user: String, password: String, deviceDisplayName: String,
                      deviceID: String?) async throws(MatrixError) -> Session {
        let request = PasswordLoginRequest(
            user: user.trimmingCharacters(in: .whitespaces), password: password, deviceDisplayName: deviceDisplayName, deviceID: deviceID)
        return try await session(from: client(homeserverURL, accessToken: nil).send(.login(request)), homeserverURL: homeserverURL)
    }

    public func login(homeserverURL: URL, loginToken: String, deviceDisplayName: String, deviceID: String?) async throws(MatrixError) -> Session {
        let request = TokenLoginRequest(token: loginToken, initialDeviceDisplayName: deviceDisplayName, deviceID: deviceID)
        return try await session(from: client(homeserverURL, accessToken: nil).send(.login(request)), homeserverURL: homeserverURL)
    }

    private func session(from response: LoginResponse, homeserverURL: URL) async -> Session {
        Session(userID: response.userID, deviceID: response.deviceID, accessToken: response.accessToken,
                homeserverURL: await resolver.reconfigured(homeserverURL, by: response.wellKnown),
                refreshToken: response.tokens.refreshToken,
                accessTokenRenewal: response.tokens.expiresIn.map { Session.renewal(of: $0, receivedAt: Date()) })
    }

    public func logout(_ session: Session) async throws(MatrixError) {
        _ = try await client(session.homeserverURL, accessToken: session.accessToken).send(.logout)
    }

    public func whoami(_ session: Session) async throws(MatrixError) -> TokenOwner {
        try await client(session.homeserverURL, accessToken: session.accessToken).send(.whoami)
    }

    private var resolver: HomeserverResolver { HomeserverResolver(transport: transport, retryPolicy: retryPolicy, requestTimeout: requestTimeout, clock: clock) }

    private func client(_ homeserverURL: URL, accessToken: String?) -> MatrixClient {
        MatrixClient(homeserverURL: homeserverURL, accessToken: accessToken, transport: transport,
                     retryPolicy: retryPolicy, requestTimeout: requestTimeout, clock: clock, logger: logger)
    }
}
