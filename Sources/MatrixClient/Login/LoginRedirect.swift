import Foundation

/// What the browser brought back to the loopback listener after single sign-on.
public enum LoginRedirect: Sendable, Equatable, CustomStringConvertible {
    /// The token to exchange with `m.login.token`: short-lived, single-use, still never printed.
    case loginToken(String)
    /// The homeserver's (or identity provider's) error instead.
    case error(String)

    public var description: String {
        switch self {
        case .loginToken: "loginToken(<redacted>)"
        case .error(let message): "error(\(message))"
        }
    }
}

/// Judges one HTTP request head that reached the loopback listener: only `GET` of the one
/// unguessable path, addressed to the listener's own host and port, with a single login token
/// (or an error), is the browser coming back; anything else is refused and the wait goes on.
enum LoginRedirectRequest {
    enum Verdict: Sendable, Equatable {
        case redirect(LoginRedirect)
        case refused
    }

    /// Heads longer than this are refused: the expected one is a line and a few headers.
    static let maximumHeadLength = 16 * 1024

    /// `head`: the request up to its blank line. `path`: the listener's secret path. `host`:
    /// `127.0.0.1:PORT`, which a page elsewhere cannot make a browser send (DNS rebinding).
    static func verdict(head: String, path: String, host: String) -> Verdict {
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, requestLine[0] == "GET", requestLine[2].hasPrefix("HTTP/1."),
              let target = URLComponents(string: String(requestLine[1])), target.percentEncodedPath == path,
              target.host == nil, target.fragment == nil else { return .refused }
        let hosts = lines.dropFirst().compactMap { line -> Substring? in
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "host" else { return nil }
            return line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        }
        guard hosts.count == 1, hosts[0].trimmingCharacters(in: .whitespaces) == host else { return .refused }
        let items = target.queryItems ?? []
        let tokens = items.filter { $0.name == "loginToken" }, errors = items.filter { $0.name == "error" }
        if tokens.count == 1, errors.isEmpty, let token = tokens[0].value, !token.isEmpty { return .redirect(.loginToken(token)) }
        guard tokens.isEmpty, errors.count == 1, let error = errors[0].value, !error.isEmpty else { return .refused }
        let description = items.first { $0.name == "error_description" }?.value
        return .redirect(.error(description.map { "\(error): \($0)" } ?? error))
    }
}
