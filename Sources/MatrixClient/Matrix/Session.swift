import Foundation

/// A logged-in device. Holds the access and refresh tokens, so every textual or reflected form
/// of it (`description`, `debugDescription`, `dump`) leaves them out.
public struct Session: Codable, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var userID: String
    public var deviceID: String
    public var accessToken: String
    public var homeserverURL: URL
    /// Set once the homeserver no longer takes the access token: the session is signed out,
    /// its data kept for the next login (`nil` while it is valid).
    public var signOut: SignOut?
    /// What renews an access token that expires (`POST /refresh`, or the OAuth token endpoint), rotated with it; `nil` where
    /// the server gave a token that does not expire.
    public var refreshToken: String?
    /// When to renew the access token: shortly before the server said it would expire.
    public var accessTokenRenewal: Date?
    /// Set for a login through the homeserver's OAuth 2.0 server: tokens are renewed and revoked
    /// there, not with the Matrix API.
    public var oauth: OAuthSession?

    public init(userID: String, deviceID: String, accessToken: String, homeserverURL: URL, signOut: SignOut? = nil,
                refreshToken: String? = nil, accessTokenRenewal: Date? = nil, oauth: OAuthSession? = nil) {
        self.userID = userID
        self.deviceID = deviceID
        self.accessToken = accessToken
        self.homeserverURL = homeserverURL
        self.signOut = signOut
        self.refreshToken = refreshToken
        self.accessTokenRenewal = accessTokenRenewal
        self.oauth = oauth
    }

    /// When to renew a token the server says expires in `lifetime`, received at `now`: a fifth
    /// of its lifetime before it expires, at most a minute before.
    public static func renewal(of lifetime: Duration, receivedAt now: Date) -> Date {
        let seconds = Double(lifetime.components.seconds) + Double(lifetime.components.attoseconds) / 1e18
        return now.addingTimeInterval(seconds - min(seconds / 5, 60))
    }

    /// Why the homeserver stopped taking the session's token.
    public enum SignOut: String, Codable, Sendable {
        /// The server asks for a new login of the same device (`soft_logout`): its keys stay valid.
        case soft
        /// The device is gone (deleted from another client, account deactivated): a login is a new device.
        case deviceRemoved = "device_removed"
    }

    public var description: String {
        "Session(userID: \(userID), deviceID: \(deviceID), homeserverURL: \(homeserverURL.absoluteString), accessToken: <redacted>)"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["userID": userID, "deviceID": deviceID, "homeserverURL": homeserverURL, "signOut": signOut as Any,
                                "accessTokenRenewal": accessTokenRenewal as Any],
               displayStyle: .struct)
    }
}
