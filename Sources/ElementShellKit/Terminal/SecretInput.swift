/// Reads a password from terminal bytes without the line editor: nothing is echoed, nothing goes
/// into history or a kill ring, nothing is completed, and no older line can be recalled into it.
/// Editing is what a password prompt needs: Backspace, Ctrl-U to start again, Enter to finish,
/// Ctrl-D on an empty answer to give up. Escape sequences (arrow keys, paste markers) are skipped.
public struct SecretInput: Sendable {
    public enum Step: Sendable, Equatable {
        case reading
        case finished(String)
        case cancelled
    }

    private enum EscapeState: Sendable {
        case none
        /// After ESC: the next byte says what kind of sequence follows.
        case started
        /// Inside `ESC [ …` or `ESC O …`, until a final byte.
        case inSequence
    }

    private var bytes: [UInt8] = []
    private var escape = EscapeState.none

    public init() {}

    public mutating func feed(_ byte: UInt8) -> Step {
        switch escape {
        case .started:
            escape = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") ? .inSequence : .none
            return .reading
        case .inSequence:
            if (0x40...0x7E).contains(byte) { escape = .none }
            return .reading
        case .none:
            break
        }
        switch byte {
        case 0x0D, 0x0A:
            defer { bytes.removeAll() }
            return .finished(String(decoding: bytes, as: UTF8.self))
        case 0x04 where bytes.isEmpty:
            return .cancelled
        case 0x7F, 0x08:
            removeLastCharacter()
        case 0x15:
            bytes.removeAll()
        case 0x1B:
            escape = .started
        case 0x00...0x1F:
            break
        default:
            bytes.append(byte)
        }
        return .reading
    }

    /// Drops the last UTF-8 scalar: its continuation bytes and the byte that started it.
    private mutating func removeLastCharacter() {
        while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
    }
}
