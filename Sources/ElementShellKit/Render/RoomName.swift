import MatrixClient

/// The name a room is shown by, in the spec's order: its name, its canonical alias, the members
/// the server chose as heroes, and last its ID.
public enum RoomName {
    public static func of(_ room: RoomRecord) -> String {
        if let name = room.name, !name.isEmpty { return name }
        if let alias = room.canonicalAlias, !alias.isEmpty { return alias }
        if !room.heroes.isEmpty {
            let names = room.heroes.indices.map { index in
                let name = index < room.heroNames.count ? room.heroNames[index] : ""
                return name.isEmpty ? localpart(room.heroes[index]) : name
            }
            // Heroes are at most five: a larger room says how many more there are.
            let others = room.joinedMemberCount - 1 - names.count
            if others > 0 { return L10n.commonRoomNameHeroesOthers(names.joined(separator: ", "), others) }
            return names.count == 1 ? names[0] : L10n.commonRoomNameHeroes(names.dropLast().joined(separator: ", "), names[names.count - 1])
        }
        return room.roomID
    }

    /// The same, as the remote text it is.
    public static func text(of room: RoomRecord) -> RemoteText { RemoteText(of(room)) }

    /// `@alice:example.org` → `alice`.
    static func localpart(_ userID: String) -> String {
        guard userID.hasPrefix("@"), let colon = userID.firstIndex(of: ":") else { return userID }
        return String(userID[userID.index(after: userID.startIndex)..<colon])
    }

    /// `@alice:example.org` → `example.org`.
    static func serverName(of userID: String) -> String {
        userID.firstIndex(of: ":").map { String(userID[userID.index(after: $0)...]) } ?? ""
    }
}
