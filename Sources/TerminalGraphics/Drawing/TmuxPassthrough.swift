/// tmux passes a sequence on to the terminal it runs in only inside its own DCS
/// (`ESC P tmux; … ESC \`, with every ESC within doubled), and only with `allow-passthrough on`.
public enum TmuxPassthrough {
    private static let escape: UInt8 = 0x1B

    /// Each escape sequence of `bytes` (APC, DCS, OSC and CSI alike) wrapped on its own, so that
    /// a long picture is many short passthroughs rather than one tmux might cut; bytes between
    /// sequences pass as they are.
    public static func wrap(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 16)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == escape, index + 1 < bytes.count else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let end = sequenceEnd(in: bytes, from: index)
            output += Array("\u{1B}Ptmux;".utf8)
            for byte in bytes[index..<end] {
                if byte == escape { output.append(escape) }
                output.append(byte)
            }
            output += [escape, UInt8(ascii: "\\")]
            index = end
        }
        return output
    }

    /// Where the sequence starting with ESC at `start` ends (one past its last byte): a string
    /// sequence at its ST or BEL, a CSI at its final byte, anything else after two bytes.
    static func sequenceEnd(in bytes: [UInt8], from start: Int) -> Int {
        let kind = bytes[start + 1]
        switch kind {
        case UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            var index = start + 2
            while index < bytes.count {
                if bytes[index] == 0x07, kind == UInt8(ascii: "]") { return index + 1 }
                if bytes[index] == escape, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") { return index + 2 }
                index += 1
            }
            return bytes.count
        case UInt8(ascii: "["):
            var index = start + 2
            while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
            return min(index + 1, bytes.count)
        default:
            return start + 2
        }
    }
}
