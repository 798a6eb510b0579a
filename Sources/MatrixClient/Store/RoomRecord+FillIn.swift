extension RoomRecord {
    /// This record with what `known` says of the room where this one says nothing yet: its name,
    /// its alias, and that it is a space. A room's first sync can come while the server is still
    /// creating it (before its name event), and must not unsay what its creator just set.
    public func fillingIn(from known: RoomRecord) -> RoomRecord {
        var filled = self
        if filled.name == nil { filled.name = known.name }
        if filled.canonicalAlias == nil { filled.canonicalAlias = known.canonicalAlias }
        filled.isSpace = filled.isSpace || known.isSpace
        return filled
    }
}
