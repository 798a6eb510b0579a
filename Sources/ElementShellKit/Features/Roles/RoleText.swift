import MatrixClient

/// The role commands' results as lines. Names and event types are others' text: sanitized.
public struct RoleText {
    let theme: Theme

    func lines(for outcome: RoleOutcome) -> [String] {
        switch outcome {
        case .roles(let sheet):
            let members = sheet.members.map { member in
                L10n.screenRolesMember(Self.role(of: member.level), who(member.userID, member.name))
            }
            let settings = sheet.settings.map { L10n.screenRolesSetting(Self.label(of: $0.setting), $0.setting.name, String($0.level)) }
            let events = sheet.events.map { L10n.screenRolesEvent(clean($0.setting.name), String($0.level)) }
            return [L10n.screenRolesTitle(sheet.roomName.shown)] + members
                + [L10n.screenRolesDefault(String(sheet.defaultLevel)), L10n.screenRolesOwn(Self.role(of: sheet.ownLevel)), L10n.screenRolesLevelsTitle]
                + settings + events
        case .userChanged(let userID, let name, let level, let isDefault, let roomName):
            return [isDefault ? L10n.screenRolesUserDefault(who(userID, name), String(level), roomName.shown)
                : L10n.screenRolesUserChanged(who(userID, name), Self.role(of: level), roomName.shown)]
        case .settingChanged(let setting, let level, let roomName):
            return [L10n.screenRolesSettingChanged(roomName.shown, Self.label(of: setting), String(level))]
        }
    }

    /// A level as Element names it: creator, admin (100 and up), moderator (50 and up), else its number.
    static func role(of level: Int) -> String {
        switch level {
        case PowerLevels.creatorLevel: L10n.commonRoleCreator
        case 100...: L10n.commonRoleAdmin(String(level))
        case 50...: L10n.commonRoleModerator(String(level))
        default: L10n.commonRoleLevel(String(level))
        }
    }

    static func label(of setting: PowerSetting) -> String {
        switch setting {
        case .messages: L10n.screenRolesSettingMessages
        case .invite: L10n.screenRolesSettingInvite
        case .kick: L10n.screenRolesSettingKick
        case .ban: L10n.screenRolesSettingBan
        case .redact: L10n.screenRolesSettingRedact
        case .notifyRoom: L10n.screenRolesSettingNotify
        case .state: L10n.screenRolesSettingState
        case .membersDefault: L10n.screenRolesSettingDefault
        case .event(let type): L10n.screenRolesSettingEvent(TerminalSanitizer.clean(type))
        }
    }

    private func who(_ userID: String, _ name: RemoteText?) -> String {
        guard let name else { return clean(userID) }
        return L10n.commonNameWithUserID(name.shown, clean(userID))
    }

    private func clean(_ text: String) -> String {
        TerminalSanitizer.clean(text)
    }
}
