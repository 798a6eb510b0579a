/// What a terminal answered to `TerminalQuery`, read from the bytes it sent back. Anything else
/// in them (a key pressed meanwhile) is skipped.
public struct TerminalAnswers: Sendable, Equatable {
    /// It answered the kitty graphics query with OK.
    public var speaksKittyGraphics = false
    /// XTVERSION answers, such as "XTerm(379)" or "tmux 3.3a"; in the order they came.
    public var versions: [String] = []
    /// The parameters of each DA1 answer, in the order they came (tmux's before the outer terminal's).
    public var deviceAttributes: [[Int]] = []
    /// One cell in pixels, where the terminal told it (`CSI 6 ; height ; width t`).
    public var cellSize: PixelSize?

    public init(parsing bytes: [UInt8]) {
        var index = 0
        while let start = bytes[index...].firstIndex(of: 0x1B), start + 1 < bytes.count {
            let end = TmuxPassthrough.sequenceEnd(in: bytes, from: start)
            read(Array(bytes[start..<end]))
            index = end
        }
    }

    public init() {}

    /// Whether the last answer the query asks for has come.
    public func isComplete(throughTmux: Bool) -> Bool {
        deviceAttributes.count >= TerminalQuery.deviceAttributeAnswers(throughTmux: throughTmux)
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
