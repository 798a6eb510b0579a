import Synchronization

/// The run's HTTP clients: one per CA file, made when first asked for and shared by every
/// request under it, so a login's connection carries on into the session it starts and every
/// service of a session reuses the same live connections. The only place a `CurlTransport` is
/// made outside tests.
public final class HTTPClients: Sendable {
    private let userAgent: String
    private let clock: any ShellClock
    private let clients = Mutex<[String: CurlTransport]>([:])

    /// - Parameter clock: what request timeouts are measured on, the app's.
    public init(userAgent: String, clock: any ShellClock) {
        self.userAgent = userAgent
        self.clock = clock
    }

    /// The client that trusts `caFile` (the system's CAs for `nil`).
    public func client(caFile: String?) -> any HTTPTransport {
        clients.withLock { clients in
            if let client = clients[caFile ?? ""] { return client }
            let client = CurlTransport(caFile: caFile, userAgent: userAgent, clock: clock)
            clients[caFile ?? ""] = client
            return client
        }
    }
}
