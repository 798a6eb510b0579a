import Foundation
import Glibc

extension URL {
    /// Whether switching from `source` to this URL gives up TLS, so that passwords and tokens
    /// would travel in clear: `source` is https, this is http, and the host is not this machine.
    func isDowngrade(from source: URL) -> Bool {
        source.scheme?.lowercased() == "https" && scheme?.lowercased() == "http" && !hasLoopbackHost
    }

    /// `localhost`, an address in 127.0.0.0/8 or `::1`: traffic that never leaves the machine.
    var hasLoopbackHost: Bool {
        guard var host = host?.lowercased() else { return false }
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        }
        if host == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 {
            return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, host, &ipv6) == 1 else { return false }
        return withUnsafeBytes(of: ipv6) { $0.dropLast().allSatisfy { $0 == 0 } && $0.last == 1 }
    }
}
