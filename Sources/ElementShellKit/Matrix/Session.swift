import Foundation

/// A logged-in device. Holds the access token, so every textual or reflected form of it
/// (`description`, `debugDescription`, `dump`) leaves the token out.
public struct Session: Codable, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var userID: String
    public var deviceID: String
    public var accessToken: String
    public var homeserverURL: URL
    /// Set once the homeserver no longer takes the access token: the session is signed out,
    /// its data kept for the next login (`nil` while it is valid).
    public var signOut: SignOut?

    public init(userID: String, deviceID: String, accessToken: String, homeserverURL: URL, signOut: SignOut? = nil) {
        self.userID = userID
        self.deviceID = deviceID
        self.accessToken = accessToken
        self.homeserverURL = homeserverURL
        self.signOut = signOut
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
        Mirror(self, children: ["userID": userID, "deviceID": deviceID, "homeserverURL": homeserverURL, "signOut": signOut as Any],
               displayStyle: .struct)
    }
}
