import MatrixJSON

/// The account data `m.secret_storage.default_key`: which key secrets are stored under unless
/// the user picks another.
public struct SecretStorageDefaultKey: Sendable, Equatable {
    public static let eventType = "m.secret_storage.default_key"

    public let keyID: String

    public init(keyID: String) {
        self.keyID = keyID
    }

    /// Refuses content without a `key`, such as the `{}` Element writes to clear the default.
    public init(json: JSONValue) throws(SecretStorageError) {
        guard let keyID = json["key"]?.string else { throw .malformed("key") }
        self.keyID = keyID
    }

    public var json: JSONValue { ["key": .string(keyID)] }
}
