/// Device IDs for OAuth logins, where the client chooses its own (in the device scope): ten
/// capital letters, as Synapse makes them.
public enum DeviceIDs {
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<10).map { _ in Character(UnicodeScalar(UInt8.random(in: 65...90, using: &generator))) })
    }
}
