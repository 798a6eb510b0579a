import Foundation

/// Finds a homeserver's client-server base URL from what the user typed, following the spec's
/// "Server Discovery" section, and checks that `/versions` answers there.
struct HomeserverResolver: Sendable {
    let transport: any HTTPTransport
    let retryPolicy: RetryPolicy

    func resolve(_ input: String) async throws(MatrixError) -> URL {
        switch try HomeserverAddress(parsing: input) {
        case .serverName(let name):
            return try await resolve(serverName: name)
        case .url(let url):
            return try await resolve(url: url)
        }
    }

    /// Well-known on `https://NAME`; no well-known (404) means the server name is the base URL.
    private func resolve(serverName name: String) async throws(MatrixError) -> URL {
        guard let origin = URL(homeserverBaseURL: "https://\(name)") else { throw .invalidHomeserver(name) }
        guard let advertised = try await advertisedBaseURL(at: origin, serverName: name) else {
            try await validate(origin)
            return origin
        }
        guard let baseURL = URL(homeserverBaseURL: advertised) else { throw .invalidHomeserver(advertised) }
        try await validate(baseURL)
        return baseURL
    }

    /// The user named a URL, so a broken or absent well-known at its origin is no reason to
    /// fail: the advertised base URL is preferred when it works, else the URL itself.
    private func resolve(url: URL) async throws(MatrixError) -> URL {
        if let origin = url.origin {
            let advertised: String?
            do {
                advertised = try await advertisedBaseURL(at: origin, serverName: url.hostAndPort)
            } catch {
                // Unreachable hosts fail the same way below, and there with the user's URL.
                advertised = nil
            }
            if let candidate = advertised.flatMap(URL.init(homeserverBaseURL:)), candidate != url {
                do {
                    try await validate(candidate)
                    return candidate
                } catch {
                    // Fall through to the URL the user typed.
                }
            }
        }
        try await validate(url)
        return url
    }

    /// `m.homeserver.base_url` from `ORIGIN/.well-known/matrix/client`, or `nil` when there is
    /// none (404: the spec's IGNORE).
    /// - Throws: `wellKnownInvalid(serverName)` when the document is broken (FAIL_PROMPT);
    ///   transport errors as they are.
    private func advertisedBaseURL(at origin: URL, serverName: String) async throws(MatrixError) -> String? {
        let client = MatrixClient(homeserverURL: origin, transport: transport, retryPolicy: retryPolicy)
        do throws(MatrixError) {
            let wellKnown = try await client.send(.clientWellKnown)
            guard let baseURL = wellKnown.homeserver?.baseURL else { throw .wellKnownInvalid(serverName) }
            return baseURL
        } catch .notFound {
            return nil
        } catch .transport(let error) {
            throw .transport(error)
        } catch {
            throw .wellKnownInvalid(serverName)
        }
    }

    /// A base URL is accepted only if `/versions` answers with a version list (FAIL_ERROR otherwise).
    private func validate(_ baseURL: URL) async throws(MatrixError) {
        let client = MatrixClient(homeserverURL: baseURL, transport: transport, retryPolicy: retryPolicy)
        do throws(MatrixError) {
            let supported = try await client.send(.versions)
            guard !supported.versions.isEmpty else { throw .invalidHomeserver(baseURL.absoluteString) }
        } catch .transport(let error) {
            throw .transport(error)
        } catch {
            throw .invalidHomeserver(baseURL.absoluteString)
        }
    }
}
