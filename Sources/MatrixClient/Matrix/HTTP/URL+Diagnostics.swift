import Foundation

extension URL {
    /// Scheme, host, port and path only: queries and user info can carry secrets.
    var redactedForDiagnostics: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return "<invalid URL>" }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? "<invalid URL>"
    }

    /// `host` or `host:port` (IPv6 literals bracketed), as shown in connection errors.
    var hostAndPort: String {
        let bare = host ?? ""
        let host = bare.contains(":") ? "[\(bare)]" : bare
        return port.map { "\(host):\($0)" } ?? host
    }
}
