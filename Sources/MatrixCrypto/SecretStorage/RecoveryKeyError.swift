/// Why a typed recovery key was refused. Carries none of its characters: even a wrong key may
/// be most of the right one.
public enum RecoveryKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A character outside the base58 alphabet (which has no 0, O, I or l).
    case notBase58
    /// The characters decode to this many bytes instead of 35: some were left out or added.
    case wrongLength(Int)
    /// The first two bytes are not 0x8B 0x01: not a Matrix recovery key.
    case wrongPrefix
    /// The bytes do not XOR to zero: a character was mistyped.
    case wrongParity

    public var description: String {
        switch self {
        case .notBase58: "the recovery key has a character that is not in its alphabet"
        case .wrongLength: "the recovery key is too short or too long"
        case .wrongPrefix: "this is not a Matrix recovery key"
        case .wrongParity: "the recovery key has a typing mistake"
        }
    }
}
