import Foundation
import Logging

/// Keeps the stored session's access token usable where the server makes it expire: renews it
/// when it is due and when the server turns it down as expired, one renewal at a time however
/// many requests ask, and writes the rotated pair to the session file before anything uses it,
/// so a process killed at any point leaves a pair the server still takes.
public actor TokenRefresher {
    /// How a renewal ended. Printed, it names its case only: never the token.
    enum Renewal: CustomStringConvertible {
        case renewed(accessToken: String)
        /// The server no longer takes the refresh token, or there is none: the session is over.
        case refused
        /// The network failed; the tokens are as they were, for the next request to try again.
        case failed(TransportError)

        var description: String {
            switch self {
            case .renewed: "renewed"
            case .refused: "refused"
            case .failed(let error): "failed(\(error))"
            }
        }
    }

    private let store: SessionStore
    /// Renewal's deadlines run on it, and whether a token is due is read from its date.
    private let clock: any ShellClock
    private let logger = Logger(label: "element-shell.matrix")
    private var renewal: Task<Renewal, Never>?

    public init(store: SessionStore, clock: any ShellClock = SystemClock()) {
        self.store = store
        self.clock = clock
    }

    /// The access token to send instead of `token`: the stored session's, which replaces
    /// whatever a service was given when its token has since been rotated; renewed first when due.
    /// A renewal goes over `transport`, waiting `requestTimeout` seconds for the server at most.
    func accessToken(replacing token: String, over transport: any HTTPTransport, requestTimeout: TimeInterval) async -> String {
        guard let session = await store.current, session.signOut == nil else { return token }
        if session.refreshToken != nil, let due = session.accessTokenRenewal, clock.date >= due,
           case .renewed(let renewed) = await renew(after: session.accessToken, over: transport, requestTimeout: requestTimeout) {
            return renewed
        }
        return session.accessToken
    }

    /// Renews the access token the server turned down, unless a renewal since replaced it.
    func renew(after rejected: String, over transport: any HTTPTransport, requestTimeout: TimeInterval) async -> Renewal {
        if let renewal { return await renewal.value }
        let task = Task { await self.performRenewal(after: rejected, over: transport, requestTimeout: requestTimeout) }
        renewal = task
        defer { renewal = nil }
        return await task.value
    }

    private func performRenewal(after rejected: String, over transport: any HTTPTransport,
                                requestTimeout: TimeInterval) async -> Renewal {
        guard let session = await store.current, session.signOut == nil else { return .refused }
        if session.accessToken != rejected { return .renewed(accessToken: session.accessToken) }
        guard let refreshToken = session.refreshToken else { return .refused }
        let response: IssuedTokens
        do {
            if let oauth = session.oauth {
                response = try await OAuthClient(transport: transport, requestTimeout: requestTimeout, clock: clock).refresh(refreshToken, of: oauth)
            } else {
                let client = MatrixClient(homeserverURL: session.homeserverURL, transport: transport, requestTimeout: requestTimeout, clock: clock)
                response = try await client.send(.refresh(RefreshRequest(refreshToken: refreshToken)))
            }
        } catch .transport(let error) {
            logger.notice("Could not renew the access token of \(session.userID): \(error)")
            return .failed(error)
        } catch {
            logger.notice("The homeserver refused to renew the access token of \(session.userID): \(error)")
            return .refused
        }
        let renewal = response.expiresIn.map { Session.renewal(of: $0, receivedAt: clock.date) }
        do {
            // Stored before it is used: the server forgets the old pair once the new one is used.
            let stored = try await store.update { current in
                guard current.accessToken == rejected, current.deviceID == session.deviceID else { return false }
                current.accessToken = response.accessToken
                current.refreshToken = response.refreshToken ?? refreshToken
                current.accessTokenRenewal = renewal
                return true
            }
            guard stored else { return .refused }
        } catch {
            // Using a pair that is not on disk would leave the next start with a dead one.
            logger.error("Could not store the renewed tokens of \(session.userID): \(String(describing: error))")
            return .refused
        }
        logger.info("Renewed the access token of \(session.userID) (device \(session.deviceID))")
        return .renewed(accessToken: response.accessToken)
    }
}
