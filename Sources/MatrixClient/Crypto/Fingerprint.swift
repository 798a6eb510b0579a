/// A device's Ed25519 key as people compare it out of band: in blocks of four characters, the way
/// Element shows it, and matched however the blocks were typed.
public struct Fingerprint: Sendable, Equatable {
    /// The unpadded base64 key.
    public let key: String

    public init(_ key: String) {
        self.key = key
    }

    /// `ABCD EFGH …`, the last block shorter when the key's length asks for it.
    public var grouped: String {
        var blocks: [Substring] = []
        var rest = Substring(key)
        while !rest.isEmpty {
            blocks.append(rest.prefix(4))
            rest = rest.dropFirst(4)
        }
        return blocks.joined(separator: " ")
    }

    /// Whether `typed` is this key, spaces anywhere ignored. Case counts: base64 is case-sensitive.
    public func matches(_ typed: String) -> Bool {
        typed.filter { !$0.isWhitespace } == key
    }
}
