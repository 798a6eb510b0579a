/// A device taking part in a verification: the IDs the HKDF and MAC infos name it by.
public struct SASParty: Sendable, Hashable {
    public let userID: String
    public let deviceID: String

    public init(userID: String, deviceID: String) {
        self.userID = userID
        self.deviceID = deviceID
    }
}
