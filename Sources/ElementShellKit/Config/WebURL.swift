import Foundation

/// Checks the URLs a config file gives (a homeserver's base URL, a website): `http` or `https` with a host.
enum WebURL {
    static func isValid(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty else {
            return false
        }
        return scheme == "https" || scheme == "http"
    }
}
