import Foundation

/// A logged-in device. Holds the access token, so every textual or reflected form of it
/// (`description`, `debugDescription`, `dump`) leaves the token out.
public struct Session: Codable, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var userID: String
    public var deviceID: String
    public var accessToken: String
    public var homeserverURL: URL

    public init(userID: String, deviceID: String, accessToken: String, homeserverURL: URL) {
        self.userID = userID
        self.deviceID = deviceID
        self.accessToken = accessToken
        self.homeserverURL = homeserverURL
    }

    public var description: String {
        "Session(userID: \(userID), deviceID: \(deviceID), homeserverURL: \(homeserverURL.absoluteString), accessToken: <redacted>)"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["userID": userID, "deviceID": deviceID, "homeserverURL": homeserverURL], displayStyle: .struct)
    }
}
