/// What one member may do to another's membership; the raw value is the endpoint and the command.
public enum MembershipChange: String, Sendable, Equatable, CaseIterable {
    case invite, kick, ban, unban
}
