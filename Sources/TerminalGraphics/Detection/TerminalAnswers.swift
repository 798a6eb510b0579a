/// What a terminal answered to `TerminalQuery`, read from the bytes it sent back, and what was
/// typed meanwhile: the keys of a person who starts typing at once, which the line editor must
/// still get.
public struct TerminalAnswers: Sendable, Equatable {
    /// It answered the kitty graphics query with OK.
    public var speaksKittyGraphics = false
    /// XTVERSION answers, such as "XTerm(379)" or "tmux 3.3a"; in the order they came.
    public var versions: [String] = []
    /// The parameters of each DA1 answer, in the order they came (tmux's before the outer terminal's).
    public var deviceAttributes: [[Int]] = []
    /// One cell in pixels, where the terminal told it (`CSI 6 ; height ; width t`).
    public var cellSize: PixelSize?
    /// The bytes that are no answer, in order: typed text and keys' sequences (arrows, Alt-x).
    public var typed: [UInt8] = []

    public init(parsing bytes: [UInt8]) {
        var index = 0
        while let start = bytes[index...].firstIndex(of: 0x1B) {
            typed += bytes[index..<start]
            guard start + 1 < bytes.count else {
                typed.append(0x1B)  // Escape pressed, or a key's sequence the terminal still sends
                return
            }
            let end = TmuxPassthrough.sequenceEnd(in: bytes, from: start)
            let sequence = Array(bytes[start..<end])
            if Self.isAnswer(sequence) { read(sequence) } else { typed += sequence }
            index = end
        }
        typed += bytes[index...]
    }

    public init() {}

    /// Whether the last answer the query asks for has come.
    public func isComplete(throughTmux: Bool) -> Bool {
        deviceAttributes.count >= TerminalQuery.deviceAttributeAnswers(throughTmux: throughTmux)
    }

    /// Whether a sequence is a terminal's report rather than a key: a string sequence (APC, DCS,
    /// OSC, PM, SOS: no key sends one) or a CSI report (DA1 `?…c`, DA2 `>…c`, window `…t`).
    private static func isAnswer(_ sequence: [UInt8]) -> Bool {
        guard sequence.count >= 2 else { return false }
        switch sequence[1] {
        case UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            return true
        case UInt8(ascii: "["):
            guard sequence.count >= 3, let final = sequence.last else { return false }
            let isDeviceAttributes = final == UInt8(ascii: "c") && [UInt8(ascii: "?"), UInt8(ascii: ">")].contains(sequence[2])
            return isDeviceAttributes || final == UInt8(ascii: "t")
        default:
            return false
        }
    }

    private mutating func read(_ sequence: [UInt8]) {
        let text = String(decoding: sequence.dropFirst(), as: UTF8.self)
        if text.hasPrefix("_G") {
            let reply = text.dropFirst(2).prefix { $0 != "\u{1B}" }.split(separator: ";", maxSplits: 1)
            if reply.count == 2, reply[0].split(separator: ",").contains("i=31"), reply[1] == "OK" { speaksKittyGraphics = true }
        } else if text.hasPrefix("P>|") {
            versions.append(String(text.dropFirst(3).prefix { $0 != "\u{1B}" }))
        } else if text.hasPrefix("[?"), text.hasSuffix("c") {
            deviceAttributes.append(text.dropFirst(2).dropLast().split(separator: ";").compactMap { Int($0) })
        } else if text.hasPrefix("[6;"), text.hasSuffix("t") {
            let numbers = text.dropFirst(3).dropLast().split(separator: ";").compactMap { Int($0) }
            if numbers.count == 2, numbers[0] > 0, numbers[1] > 0 {
                cellSize = PixelSize(width: numbers[1], height: numbers[0])
            }
        }
    }
}
