import MatrixJSON

/// Whether the user takes invites (spec v1.18, MSC4380: `m.invite_permission_config` account
/// data). Blocked, the server refuses every invite to them with `M_INVITE_BLOCKED`.
public enum InvitePermission {
    public static let type = "m.invite_permission_config"
    /// The errcode an inviter gets.
    public static let blockedErrcode = "M_INVITE_BLOCKED"
    /// The feature a server that has it before it speaks v1.18 says it has.
    static let unstableFeature = "org.matrix.msc4380.stable"

    static func blocks(_ content: JSONValue?) -> Bool {
        content?["default_action"]?.string == "block"
    }

    /// `content` with its default set, whatever else it holds kept.
    static func content(_ content: JSONValue?, blocking: Bool) -> JSONValue {
        var fields = content?.object ?? [:]
        fields["default_action"] = .string(blocking ? "block" : "allow")
        return .object(fields)
    }

    /// Whether a server with these versions has it: v1.18 or later, or the feature.
    static func isSupported(by versions: SupportedVersions) -> Bool {
        versions.unstableFeatures?[unstableFeature] == true || versions.versions.contains { version in
            guard version.hasPrefix("v1."), let minor = Int(version.dropFirst(3)) else { return false }
            return minor >= 18
        }
    }
}
