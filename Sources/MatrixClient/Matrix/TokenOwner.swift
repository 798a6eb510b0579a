/// The account and device an access token belongs to, as `whoami` reports them.
public struct TokenOwner: Decodable, Sendable, Equatable {
    public var userID: String
    /// Absent for tokens without a device, such as an application service's.
    public var deviceID: String?

    public init(userID: String, deviceID: String?) {
        self.userID = userID
        self.deviceID = deviceID
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case deviceID = "device_id"
    }
}
