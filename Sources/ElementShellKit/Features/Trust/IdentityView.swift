import MatrixClient

/// A user's cryptographic identity as `/whois` and identity verification show it, with their
/// devices' names (chosen on other people's clients) as the remote text they are.
public struct IdentityView: Sendable, Equatable {
    public var userID: String
    /// The master key's base64, as people compare it.
    public var masterKey: String?
    public var state: IdentitySummary.State
    public var devices: [DeviceEntry]
    /// Another user's: which of the two lacks cross-signing, so verifying would not cover them.
    public var crossSigningGaps: CrossSigningGaps

    public init(_ summary: IdentitySummary) {
        userID = summary.userID
        masterKey = summary.masterKey
        state = summary.state
        devices = summary.devices.map { device in
            DeviceEntry(deviceID: device.deviceID, displayName: device.displayName.map { RemoteText($0) }, fingerprint: Fingerprint(device.ed25519),
                        isVerified: device.isTrusted, isCurrent: false)
        }
        crossSigningGaps = summary.crossSigningGaps
    }
}
