/// The recovery key, the form the user writes down ("Cryptographic key representation" in the
/// spec's appendices): base58 of 0x8B 0x01 ∥ the 32 key bytes ∥ a parity byte that makes all
/// 35 bytes XOR to zero, in groups of four characters.
extension SecretStorageKey {
    private static let recoveryKeyPrefix: [UInt8] = [0x8B, 0x01]
    private static let recoveryKeyByteCount = recoveryKeyPrefix.count + byteCount + 1
    private static let groupLength = 4

    /// Whitespace anywhere is ignored (line breaks from a paste, groups typed without spaces).
    /// The prefix is checked before the parity, so a key of another kind is named as such
    /// rather than as a typing mistake.
    public init(recoveryKey: String) throws(RecoveryKeyError) {
        guard let bytes = Base58.decode(recoveryKey.filter { !$0.isWhitespace }) else { throw .notBase58 }
        guard bytes.count == Self.recoveryKeyByteCount else { throw .wrongLength(bytes.count) }
        guard bytes.starts(with: Self.recoveryKeyPrefix) else { throw .wrongPrefix }
        guard bytes.reduce(0, ^) == 0 else { throw .wrongParity }
        self = try! Self(rawRepresentation: bytes.dropFirst(Self.recoveryKeyPrefix.count).prefix(Self.byteCount))
    }

    /// Groups of four characters separated by single spaces, as Element shows it.
    public var recoveryKey: String {
        var bytes = Self.recoveryKeyPrefix + Array(rawRepresentation)
        bytes.append(bytes.reduce(0, ^))
        let characters = Array(Base58.encode(bytes))
        return stride(from: 0, to: characters.count, by: Self.groupLength).map {
            String(characters[$0..<min($0 + Self.groupLength, characters.count)])
        }.joined(separator: " ")
    }
}
