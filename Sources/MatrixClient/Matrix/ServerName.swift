/// The spec's server-name grammar (appendices, "Server Name"): `hostname [":" port]`, where the
/// hostname is an IPv4 address, a bracketed IPv6 address or a DNS name.
public enum ServerName {
    public static func isValid(_ name: String) -> Bool {
        guard let (host, port) = split(name) else { return false }
        if let port, !(port.count <= 5 && port.allSatisfy(\.isASCIIDigit) && (1...65_535).contains(Int(port) ?? 0)) {
            return false
        }
        if host.hasPrefix("[") {
            return isValidIPv6Literal(host)
        }
        return isValidDNSNameOrIPv4(host)
    }

    /// The hostname without its port (IPv6 literals keep their brackets), or `nil` when the
    /// name is invalid: well-known discovery asks the hostname, whatever port the name carries.
    static func hostname(_ name: String) -> String? {
        guard isValid(name), let (host, _) = split(name) else { return nil }
        return String(host)
    }

    /// Splits off the port, leaving brackets on IPv6 literals.
    private static func split(_ name: String) -> (host: Substring, port: Substring?)? {
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return nil }
            let host = name[...close]
            let rest = name[name.index(after: close)...]
            if rest.isEmpty { return (host, nil) }
            guard rest.first == ":" else { return nil }
            return (host, rest.dropFirst())
        }
        let parts = name.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        return (parts[0], parts.count == 2 ? parts[1] : nil)
    }

    private static func isValidIPv6Literal(_ host: Substring) -> Bool {
        let inner = host.dropFirst().dropLast()
        return host.last == "]" && (2...45).contains(inner.count)
            && inner.allSatisfy { ($0.isASCII && $0.isHexDigit) || $0 == ":" || $0 == "." }
    }

    /// Stricter than the bare grammar: empty labels (`a..b`, a leading or trailing dot) and
    /// labels starting or ending in `-` are rejected as typing mistakes.
    private static func isValidDNSNameOrIPv4(_ host: Substring) -> Bool {
        guard (1...255).contains(host.count),
              host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else { return false }
        return host.split(separator: ".", omittingEmptySubsequences: false)
            .allSatisfy { !$0.isEmpty && $0.first != "-" && $0.last != "-" }
    }
}
