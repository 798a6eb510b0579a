import Foundation

/// What a user typed to name their homeserver: a full URL (`https://matrix.example.org`,
/// `http://127.0.0.1:8008`) or a server name (`matrix.org`, `example.com:8448`) to discover
/// the base URL for. A user ID (`@alice:example.org`) stands for its server name, as in the
/// spec's discovery steps.
public enum HomeserverAddress: Sendable, Equatable {
    case url(URL)
    case serverName(String)

    /// - Throws: `MatrixError.invalidHomeserver` with the trimmed input when it is neither.
    public init(parsing input: String) throws(MatrixError) {
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.contains("://") {
            guard let url = URL(homeserverBaseURL: text), let host = url.host, Self.isValidURLHost(host) else {
                throw .invalidHomeserver(text)
            }
            self = .url(url)
            return
        }
        let name = text.hasPrefix("@") ? String(text.drop { $0 != ":" }.dropFirst()) : text
        guard ServerName.isValid(name) else { throw .invalidHomeserver(text) }
        self = .serverName(name)
    }

    /// `URL.host` drops an IPv6 literal's brackets; the grammar wants them back.
    private static func isValidURLHost(_ host: String) -> Bool {
        ServerName.isValid(host.contains(":") ? "[\(host)]" : host)
    }
}
