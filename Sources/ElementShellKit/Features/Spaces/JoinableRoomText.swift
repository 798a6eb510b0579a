/// What a numbered list of rooms to `/join N` (`/space`, `/directory`) says of each room: its
/// name with its alias, whether the user is in it or invited, whether it is a space, its members.
enum JoinableRoomText {
    static func name(of room: SpaceRoomEntry, theme: Theme) -> String {
        let alias = room.name != nil ? room.canonicalAlias.map { " " + theme.dim($0.shown) } ?? "" : ""
        return room.displayName.shown + alias
    }

    static func notes(for room: SpaceRoomEntry, theme: Theme) -> [String] {
        var notes: [String] = []
        switch room.membership {
        case .join: notes.append(theme.accent(L10n.screenSpaceJoined))
        case .invite: notes.append(theme.accent(L10n.screenRoomsInvited))
        case .leave, nil: break
        }
        if room.isSpace { notes.append(L10n.screenRoomsSpace) }
        notes.append((room.joinedMemberCount == 1 ? L10n.screenSpaceMembersOne : L10n.screenSpaceMembersOther)(room.joinedMemberCount))
        return notes
    }
}
