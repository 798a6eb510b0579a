import Foundation

/// A room as people pass it around: `#alias:server`, `!id:server`, a room version 12 `!id`
/// without a server, a `https://matrix.to/#/…` link or a `matrix:r/…` / `matrix:roomid/…` URI,
/// the last two with the `via` servers that help to join.
public struct RoomAddress: Sendable, Equatable {
    /// A room ID (`!…`) or an alias (`#…`).
    public var idOrAlias: String
    public var via: [String]

    public init(idOrAlias: String, via: [String] = []) {
        self.idOrAlias = idOrAlias
        self.via = via
    }

    public init?(parsing input: String) {
        let text = input.trimmingCharacters(in: .whitespaces)
        if let link = Self.matrixTo(text) ?? Self.matrixURI(text) {
            self = link
        } else {
            self.init(idOrAlias: text)
        }
        guard Self.isValid(idOrAlias) else { return nil }
    }

    /// `!opaque` (version 12 and later), `!opaque:server` or `#alias:server`, without spaces.
    private static func isValid(_ idOrAlias: String) -> Bool {
        guard idOrAlias.count > 1, !idOrAlias.contains(where: \.isWhitespace) else { return false }
        if idOrAlias.hasPrefix("!") { return true }
        guard idOrAlias.hasPrefix("#"), let colon = idOrAlias.firstIndex(of: ":") else { return false }
        return colon > idOrAlias.index(after: idOrAlias.startIndex) && colon < idOrAlias.index(before: idOrAlias.endIndex)
    }

    /// `https://matrix.to/#/!id:server/$event?via=a&via=b` or `…/#/#alias:server`.
    private static func matrixTo(_ text: String) -> RoomAddress? {
        guard let components = URLComponents(string: text), components.host == "matrix.to",
              let fragment = components.fragment, fragment.hasPrefix("/") else { return nil }
        let (path, query) = split(String(fragment.dropFirst()))
        guard let room = path.split(separator: "/").first?.removingPercentEncoding else { return nil }
        return RoomAddress(idOrAlias: room, via: via(in: query))
    }

    /// `matrix:r/alias:server`, `matrix:roomid/id:server?via=a`, with an optional `/e/event`.
    private static func matrixURI(_ text: String) -> RoomAddress? {
        guard text.lowercased().hasPrefix("matrix:") else { return nil }
        let (path, query) = split(String(text.dropFirst("matrix:".count)))
        let parts = path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        guard parts.count >= 2 else { return nil }
        switch parts[0] {
        case "r": return RoomAddress(idOrAlias: "#" + parts[1], via: via(in: query))
        case "roomid": return RoomAddress(idOrAlias: "!" + parts[1], via: via(in: query))
        default: return nil
        }
    }

    private static func split(_ text: String) -> (path: String, query: String) {
        guard let mark = text.firstIndex(of: "?") else { return (text, "") }
        return (String(text[..<mark]), String(text[text.index(after: mark)...]))
    }

    private static func via(in query: String) -> [String] {
        query.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0] == "via" else { return nil }
            return String(parts[1]).removingPercentEncoding
        }
    }
}
