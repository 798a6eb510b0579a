import Foundation

extension URL {
    /// A homeserver base URL from text: http or https, a host, no credentials, query or
    /// fragment; trailing slashes are dropped so paths can be appended uniformly.
    init?(homeserverBaseURL text: String) {
        guard var components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.user == nil, components.password == nil,
              components.query == nil, components.fragment == nil else { return nil }
        components.scheme = scheme
        while components.percentEncodedPath.hasSuffix("/") {
            components.percentEncodedPath.removeLast()
        }
        guard let url = components.url else { return nil }
        self = url
    }

    /// Scheme, host and port only: where `.well-known` lives for this URL.
    var origin: URL? {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return nil }
        components.percentEncodedPath = ""
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.url
    }
}
