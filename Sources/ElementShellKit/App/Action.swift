import MatrixClient

/// Everything the user can ask for, as a value. The parser produces these from lines; `AppState.send`
/// is the only place they take effect. Two levels, so each concern's cases stay together.
public enum Action: Sendable, Equatable {
    case message(MessageAction)
    case relation(RelationAction)
    case media(MediaAction)
    case thread(ThreadAction)
    case draft(DraftAction)
    case link(LinkAction)
    case notification(NotificationAction)
    case safety(SafetyAction)
    case queue(QueueAction)
    case room(RoomAction)
    case membership(MembershipAction)
    case roles(RoleAction)
    case pin(PinAction)
    case upgrade(UpgradeAction)
    case directory(DirectoryAction)
    case poll(PollAction)
    case space(SpaceAction)
    case encryption(EncryptionAction)
    case trust(TrustAction)
    case verification(VerificationAction)
    case session(SessionAction)
    case settings(SettingsAction)
    case scripting(ScriptingAction)
    case app(AppAction)
    case developer(DeveloperAction)
}

public enum AppAction: Sendable, Equatable {
    case help(command: String?)
    case quit
}
