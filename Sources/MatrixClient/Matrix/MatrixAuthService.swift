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
        var offered = try await answer(homeserverURL, .loginFlows)?.offered ?? .none
        offered.oauth = try await authMetadata(homeserverURL: homeserverURL).flatMap { $0.offersDeviceLogin ? $0 : nil }
        return offered
    }

    public func authMetadata(homeserverURL: URL) async throws(MatrixError) -> AuthMetadata? {
        if let metadata = try await answer(homeserverURL, .authMetadata(unstable: false)) { return metadata }
        return try await answer(homeserverURL, .authMetadata(unstable: true))
    }

    /// The endpoint's answer, or nil where the server does not have it: 404, or M_UNRECOGNIZED
    /// (a server without the legacy login API, or before OAuth 2.0).
    private func answer<Response: Decodable>(_ homeserverURL: URL, _ endpoint: MatrixEndpoint<Response>) async throws(MatrixError) -> Response? {
        let response = try await client(homeserverURL, accessToken: nil).exchange(endpoint)
        guard response.status != 404 else { return nil }
        guard response.isSuccess else {
            let error = MatrixError(response: response, now: clock.date)
            if case .server(errcode: "M_UNRECOGNIZED", message: _, status: _) = error { return nil }
            throw error
        }
        return try MatrixClient.decode(Response.self, from: response.body)
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
                accessTokenRenewal: response.tokens.expiresIn.map { Session.renewal(of: $0, receivedAt: clock.date) })
    }

    public func logout(_ session: Session) async throws(MatrixError) {
        guard let oauth = session.oauth else {
            _ = try await client(session.homeserverURL, accessToken: session.accessToken).send(.logout)
            return
        }
        // The refresh token first: revoking it cannot leave a way to mint new access tokens.
        if let refreshToken = session.refreshToken { try await oauthClient.revoke(refreshToken, hint: "refresh_token", of: oauth) }
        try await oauthClient.revoke(session.accessToken, hint: "access_token", of: oauth)
    }

    public func registerClient(_ registration: ClientRegistration, with metadata: AuthMetadata) async throws(MatrixError) -> String {
        guard let endpoint = metadata.registrationEndpoint else { throw .notFound }
        return try await oauthClient.register(registration, at: endpoint)
    }

    public func authorizeDevice(clientID: String, scope: String, with metadata: AuthMetadata) async throws(MatrixError) -> DeviceAuthorization {
        guard let endpoint = metadata.deviceAuthorizationEndpoint else { throw .notFound }
        return try await oauthClient.authorizeDevice(clientID: clientID, scope: scope, at: endpoint)
    }

    public func pollDeviceToken(_ authorization: DeviceAuthorization, clientID: String, with metadata: AuthMetadata) async -> DeviceTokenAnswer {
        await oauthClient.pollToken(deviceCode: authorization.deviceCode, clientID: clientID, at: metadata.tokenEndpoint)
    }

    private var oauthClient: OAuthClient { OAuthClient(transport: transport, requestTimeout: requestTimeout, clock: clock) }

    public func whoami(_ session: Session) async throws(MatrixError) -> TokenOwner {
        try await client(session.homeserverURL, accessToken: session.accessToken).send(.whoami)
    }

    private var resolver: HomeserverResolver { HomeserverResolver(transport: transport, retryPolicy: retryPolicy, requestTimeout: requestTimeout, clock: clock) }

    private func client(_ homeserverURL: URL, accessToken: String?) -> MatrixClient {
        MatrixClient(homeserverURL: homeserverURL, accessToken: accessToken, transport: transport,
                     retryPolicy: retryPolicy, requestTimeout: requestTimeout, clock: clock, logger: logger)
    }
}
