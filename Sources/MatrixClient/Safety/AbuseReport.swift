/// What a report to the homeserver's admins is about (spec "Reporting content"): a message
/// (r0.4), a room (v1.13) or a user (v1.14).
public enum AbuseReport: Sendable, Equatable {
    case event(eventID: String, roomID: String)
    case room(roomID: String)
    case user(userID: String)
}
