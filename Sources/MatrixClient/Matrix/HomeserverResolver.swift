import Foundation

/// Finds a homeserver's client-server base URL from what the user typed, following the spec's
/// "Server Discovery" section, and checks that `/versions` answers there.
struct HomeserverResolver: Sendable {
    let transport: any HTTPTransport
    let retryPolicy: RetryPolicy
    /// Seconds to wait for each discovery request: the `request_timeout` setting.
    var requestTimeout: TimeInterval = 30
    var clock: any ShellClock = SystemClock()

    func resolve(_ input: String) async throws(MatrixError) -> URL {
        switch try HomeserverAddress(parsing: input) {
        case .serverName(let name):
            return try await resolve(serverName: name)
        case .url(let url):
            return try await resolve(url: url)
        }
    }

    /// The base URL to use after logging in at `baseURL`: the one the login answer's
    /// `well_known` names (the spec says clients should follow it) when it is a URL, keeps TLS
    /// and answers `/versions`; otherwise `baseURL`, which is known to work.
    func reconfigured(_ baseURL: URL, by wellKnown: ClientWellKnown?) async -> URL {
        guard let advertised = wellKnown?.homeserver?.baseURL.flatMap(URL.init(homeserverBaseURL:)),
              advertised != baseURL, !advertised.isDowngrade(from: baseURL),
              await isHomeserver(advertised) else { return baseURL }
        return advertised
    }

    /// Well-known on `https://HOSTNAME`, without the server name's port, which is the spec's
    /// rule; no well-known (404) means `https://NAME`, port included, is the base URL.
    private func resolve(serverName name: String) async throws(MatrixError) -> URL {
        guard let hostname = ServerName.hostname(name),
              let wellKnownOrigin = URL(homeserverBaseURL: "https://\(hostname)"),
              let named = URL(homeserverBaseURL: "https://\(name)") else { throw .invalidHomeserver(name) }
        let baseURL = try await advertisedBaseURL(at: wellKnownOrigin, serverName: name) ?? named
        try await validate(baseURL)
        return baseURL
    }

    /// The user named a URL, so a broken, absent or unreachable well-known at its origin is no
    /// reason to fail: the advertised base URL is preferred when it works, else the URL itself.
    private func resolve(url: URL) async throws(MatrixError) -> URL {
        if let origin = url.origin,
           let advertised = try? await advertisedBaseURL(at: origin, serverName: url.hostAndPort),
           advertised != url, await isHomeserver(advertised) {
            return advertised
        }
        try await validate(url)
        return url
    }

    /// The base URL `ORIGIN/.well-known/matrix/client` advertises, or `nil` when there is none:
    /// a 404, whatever its body says, is the spec's IGNORE.
    /// - Throws: `wellKnownInvalid(serverName)` when the document is broken or would move an
    ///   https origin to plain http off this machine (FAIL_PROMPT); `invalidHomeserver` when
    ///   `base_url` is not a URL (FAIL_ERROR); transport errors as they are.
    private func advertisedBaseURL(at origin: URL, serverName: String) async throws(MatrixError) -> URL? {
        let client = MatrixClient(homeserverURL: origin, transport: transport, retryPolicy: retryPolicy, requestTimeout: requestTimeout, clock: clock)
        let response = try await client.exchange(.clientWellKnown)
        if response.status == 404 { return nil }
        guard response.status == 200,
              let document = try? MatrixClient.decode(ClientWellKnown.self, from: response.body),
              let advertised = document.homeserver?.baseURL else { throw .wellKnownInvalid(serverName) }
        guard let baseURL = URL(homeserverBaseURL: advertised) else { throw .invalidHomeserver(advertised) }
        guard !baseURL.isDowngrade(from: origin) else { throw .wellKnownInvalid(serverName) }
        return baseURL
    }

    /// A base URL is accepted only if `/versions` lists a spec version with the `/v3` endpoints
    /// (FAIL_ERROR otherwise).
    private func validate(_ baseURL: URL) async throws(MatrixError) {
        let client = MatrixClient(homeserverURL: baseURL, transport: transport, retryPolicy: retryPolicy, requestTimeout: requestTimeout, clock: clock)
        do throws(MatrixError) {
            let supported = try await client.send(.versions)
            guard supported.supportsV3Endpoints else { throw .invalidHomeserver(baseURL.absoluteString) }
        } catch .transport(let error) {
            throw .transport(error)
        } catch {
            throw .invalidHomeserver(baseURL.absoluteString)
        }
    }

    private func isHomeserver(_ baseURL: URL) async -> Bool {
        do {
            try await validate(baseURL)
            return true
        } catch {
            return false
        }
    }
}
