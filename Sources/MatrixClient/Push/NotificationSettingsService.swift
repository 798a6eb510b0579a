import Foundation
import MatrixJSON

/// What notifies the user, as push rules on their homeserver, written the way Element X's engine
/// writes them, so each client shows the levels the other set.
public protocol NotificationSettingsService: Sendable {
    /// The account's rules as the server has them now.
    func pushRules() async throws(MatrixError) -> PushRuleSet
    /// Sets the room's own level, or with `nil` removes it (the room follows its kind's default);
    /// `current` says which rules there are to remove.
    func setLevel(_ level: RoomNotificationLevel?, ofRoom roomID: String, current: PushRuleSet) async throws(MatrixError)
    /// Sets the default level of rooms of `kind`; muting is no default (the server refuses nothing,
    /// but Element would read it as mentions).
    func setDefaultLevel(_ level: RoomNotificationLevel, of kind: RoomKind) async throws(MatrixError)
    /// Whether invites notify.
    func setInvitesNotify(_ notify: Bool) async throws(MatrixError)
    /// Adds a keyword, which notifies as a mention does.
    func addKeyword(_ keyword: String) async throws(MatrixError)
    /// Removes the keyword: every rule of the user's that matches it (another client may have
    /// named its rule otherwise).
    func removeKeyword(_ keyword: String, current: PushRuleSet) async throws(MatrixError)
}

public struct MatrixNotificationSettingsService: NotificationSettingsService {
    let client: MatrixClient

    init(session: Session, transport: any HTTPTransport, requestTimeout: TimeInterval, clock: any ShellClock) {
        client = MatrixClient(homeserverURL: session.homeserverURL, accessToken: session.accessToken, transport: transport,
                              requestTimeout: requestTimeout, clock: clock)
    }

    public func pushRules() async throws(MatrixError) -> PushRuleSet {
        PushRuleSet(json: try await client.send(.pushRules))
    }

    /// As the Rust SDK does: the new rule first, then the one it replaces, so the room never
    /// notifies more than either level would between the two requests.
    public func setLevel(_ level: RoomNotificationLevel?, ofRoom roomID: String, current: PushRuleSet) async throws(MatrixError) {
        let hasOverride = current.rules.contains { $0.kind == .override && $0.ruleID == roomID }
        let hasRoomRule = current.rules.contains { $0.kind == .room && $0.ruleID == roomID }
        switch level {
        case .mute:
            _ = try await client.send(.setPushRule(.override, roomID, body: [
                "actions": [], "conditions": [["kind": "event_match", "key": "room_id", "pattern": .string(roomID)]],
            ]))
            if hasRoomRule { _ = try await client.send(.deletePushRule(.room, roomID)) }
        case .allMessages, .mentionsAndKeywords:
            let actions: JSONValue = level == .allMessages ? Self.notifyWithSound : []
            _ = try await client.send(.setPushRule(.room, roomID, body: ["actions": actions]))
            if hasOverride { _ = try await client.send(.deletePushRule(.override, roomID)) }
        case nil:
            if hasOverride { _ = try await client.send(.deletePushRule(.override, roomID)) }
            if hasRoomRule { _ = try await client.send(.deletePushRule(.room, roomID)) }
        }
    }

    public func setDefaultLevel(_ level: RoomNotificationLevel, of kind: RoomKind) async throws(MatrixError) {
        let actions: JSONValue = level == .allMessages ? Self.notifyWithSound : []
        for ruleID in kind.defaultRuleIDs {
            _ = try await client.send(.setPushRuleActions(.underride, ruleID, actions: actions))
            _ = try await client.send(.enablePushRule(.underride, ruleID, true))
        }
    }

    public func setInvitesNotify(_ notify: Bool) async throws(MatrixError) {
        _ = try await client.send(.enablePushRule(.override, PushRuleSet.inviteRuleID, notify))
    }

    /// Named after itself, as Element names keyword rules; it notifies with a sound, as a mention.
    public func addKeyword(_ keyword: String) async throws(MatrixError) {
        _ = try await client.send(.setPushRule(.content, keyword, body: [
            "pattern": .string(keyword), "actions": ["notify", ["set_tweak": "sound", "value": "default"], ["set_tweak": "highlight"]],
        ]))
    }

    public func removeKeyword(_ keyword: String, current: PushRuleSet) async throws(MatrixError) {
        for rule in current.keywordRules(matching: keyword) {
            _ = try await client.send(.deletePushRule(.content, rule.ruleID))
        }
    }

    /// Element X's "all messages": notify, with the default sound.
    static let notifyWithSound: JSONValue = ["notify", ["set_tweak": "sound", "value": "default"]]
}
