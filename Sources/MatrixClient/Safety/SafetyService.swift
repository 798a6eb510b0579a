import Foundation
import MatrixJSON

/// Safety from people the user does not want: whom they ignore, who may invite them, and
/// reports to the server's admins.
public protocol SafetyService: Sendable {
    /// Ignores `userID`, or stops ignoring them; returns everyone ignored now.
    func setIgnored(_ ignored: Bool, userID: String) async throws(MatrixError) -> Set<String>
    /// Whether the user blocks invites; `nil` where the server cannot block them.
    func invitesBlocked() async throws(MatrixError) -> Bool?
    /// Blocks invites, or takes them again: only where `invitesBlocked()` says the server can (one
    /// that cannot would keep the setting and let every invite through).
    func setInvitesBlocked(_ blocked: Bool) async throws(MatrixError)
    /// Tells the homeserver's admins about a message, a room or a user, with the reporter's reason.
    func report(_ report: AbuseReport, reason: String) async throws(MatrixError)
}

public struct MatrixSafetyService: SafetyService {
    let client: MatrixClient
    let userID: String

    init(session: Session, transport: any HTTPTransport, requestTimeout: TimeInterval, clock: any ShellClock) {
        userID = session.userID
        client = MatrixClient(homeserverURL: session.homeserverURL, accessToken: session.accessToken, transport: transport,
                              requestTimeout: requestTimeout, clock: clock)
    }

    /// The list as the server has it now, changed and written whole: another device's change
    /// made since this one last synced is kept.
    public func setIgnored(_ ignored: Bool, userID other: String) async throws(MatrixError) -> Set<String> {
        let content = try await client.sendIfPresent(.accountData(IgnoredUsers.type, userID: userID))
        var listed = content.map(IgnoredUsers.userIDs) ?? []
        if ignored { listed.insert(other) } else { listed.remove(other) }
        _ = try await client.send(.setAccountData(IgnoredUsers.content(content, listing: listed), type: IgnoredUsers.type, userID: userID))
        return listed
    }

    public func invitesBlocked() async throws(MatrixError) -> Bool? {
        guard InvitePermission.isSupported(by: try await client.send(.versions)) else { return nil }
        return InvitePermission.blocks(try await client.sendIfPresent(.accountData(InvitePermission.type, userID: userID)))
    }

    public func report(_ report: AbuseReport, reason: String) async throws(MatrixError) {
        _ = try await client.send(.report(report, reason: reason))
    }

    public func setInvitesBlocked(_ blocked: Bool) async throws(MatrixError) {
        let content = try await client.sendIfPresent(.accountData(InvitePermission.type, userID: userID))
        _ = try await client.send(.setAccountData(InvitePermission.content(content, blocking: blocked), type: InvitePermission.type, userID: userID))
    }
}
