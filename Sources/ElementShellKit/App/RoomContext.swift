/// A signed-in session's parts and the room open when the command came, for a command that
/// needs an open room. The session's parts read through: `room.services`, `room.store`.
@dynamicMemberLookup
struct RoomContext: Sendable {
    let signedIn: SessionContext
    let roomID: String

    subscript<Value>(dynamicMember part: KeyPath<SessionContext, Value>) -> Value {
        signedIn[keyPath: part]
    }
}
