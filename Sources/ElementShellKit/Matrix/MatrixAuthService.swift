import Foundation
import Logging

/// `AuthService` on the Matrix client-server API (legacy authentication).
public struct MatrixAuthService: AuthService {
    private let transport: any HTTPTransport
    private let retryPolicy: RetryPolicy
    private let requestTimeout: TimeInterval
    private let logger: Logger

    /// `requestTimeout`: seconds to wait for an answer (the `request_timeout` setting).
    public init(
        transport: any HTTPTransport,
        retryPolicy: RetryPolicy = .standard,
        requestTimeout: TimeInterval = 30,
        logger: Logger = Logger(label: "element-shell.matrix")
    ) {
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.requestTimeout = requestTimeout
        self.logger = logger
    }

    public func resolveHomeserver(_ input: String) async throws(MatrixError) -> URL {
        try await HomeserverResolver(transport: transport, retryPolicy: retryPolicy).resolve(input)
    }

    public func login(homeserverURL: URL, user: String, password: String, deviceDisplayName: String) async throws(MatrixError) -> Session {
        let client = client(homeserverURL, accessToken: nil)
        let flows: LoginFlows
        do {
            flows = try await client.send(.loginFlows)
        } catch .notFound, .server(errcode: "M_UNRECOGNIZED", message: _, status: _) {
            // The spec's answer from servers without the legacy login API (OAuth 2.0 only).
            throw .unsupportedLoginFlow
        }
        guard flows.offersPassword else { throw .unsupportedLoginFlow }
        let request = PasswordLoginRequest(
            user: user.trimmingCharacters(in: .whitespaces), password: password, deviceDisplayName: deviceDisplayName)
        let response = try await client.send(.login(request))
        return Session(userID: response.userID, deviceID: response.deviceID,
                       accessToken: response.accessToken, homeserverURL: homeserverURL)
    }

    public func logout(_ session: Session) async throws(MatrixError) {
        _ = try await client(session.homeserverURL, accessToken: session.accessToken).send(.logout)
    }

    public func whoami(_ session: Session) async throws(MatrixError) -> TokenOwner {
        try await client(session.homeserverURL, accessToken: session.accessToken).send(.whoami)
    }

    private func client(_ homeserverURL: URL, accessToken: String?) -> MatrixClient {
        MatrixClient(homeserverURL: homeserverURL, accessToken: accessToken, transport: transport,
                     retryPolicy: retryPolicy, requestTimeout: requestTimeout, logger: logger)
    }
}
