/// An `mxc://server/mediaID` content URI, checked strictly: it comes from other people's events
/// and becomes path segments of a request, so only the spec's grammar passes (a valid server
/// name; a media ID of `A-Z a-z 0-9 _ -`).
public struct MediaURL: Sendable, Equatable, CustomStringConvertible {
    public let serverName: String
    public let mediaID: String

    public init?(_ text: String) {
        guard text.hasPrefix("mxc://"), text.utf8.count <= 512 else { return nil }
        let rest = text.dropFirst("mxc://".count)
        // The server name may hold `:` (a port, IPv6) but never `/`, so the first slash splits.
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let server = String(rest[..<slash]), mediaID = String(rest[rest.index(after: slash)...])
        guard ServerName.isValid(server), !mediaID.isEmpty,
              mediaID.unicodeScalars.allSatisfy({ $0.isASCII && (Character($0).isLetter || Character($0).isNumber || $0 == "_" || $0 == "-") })
        else { return nil }
        serverName = server
        self.mediaID = mediaID
    }

    public var description: String { "mxc://\(serverName)/\(mediaID)" }
}
