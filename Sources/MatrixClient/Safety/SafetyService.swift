import Foundation
import MatrixJSON

/// Safety from people the user does not want: whom they ignore, who may invite them, and
/// reports to the server's admins.
public protocol SafetyService: Sendable {
    /// Ignores `userID`, or stops ignoring them; returns everyone ignored now.
    func setIgnored(_ ignored: Bool, userID: String) async throws(MatrixError) -> Set<String>
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
}
