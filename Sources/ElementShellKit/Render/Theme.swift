/// How text is styled: SGR sequences when colour is on, nothing otherwise; addresses made OSC 8
/// hyperlinks when those are on.
public struct Theme: Sendable, Equatable {
    public var usesColor: Bool
    public var accent: TerminalColor
    public var makesLinks: Bool
    /// Lines for a screen reader: plain, a message's marks in words (`SpokenMessageText`).
    public var forScreenReader: Bool
    /// Whether a message's line says when it was sent (`message_times`).
    public var showsTimes: Bool

    public init(usesColor: Bool, accent: TerminalColor, makesLinks: Bool = false, forScreenReader: Bool = false, showsTimes: Bool = true) {
        self.usesColor = usesColor
        self.accent = accent
        self.makesLinks = makesLinks
        self.forScreenReader = forScreenReader
        self.showsTimes = showsTimes
    }

    /// Colour follows the setting; `auto` means a terminal that did not ask for `NO_COLOR`. Links
    /// follow `hyperlinks`.
    public init(profile: Profile, isTerminal: Bool, environment: [String: String]) {
        let usesColor = switch profile.settings.color {
        case .always: true
        case .never: false
        case .auto: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
        // A screen reader would read out every colour and link sequence it met.
        let forScreenReader = profile.settings.screenReader
        self.init(usesColor: usesColor && !forScreenReader, accent: profile.accentColor,
                  makesLinks: profile.settings.hyperlinks.isOn(isTerminal: isTerminal, environment: environment) && !forScreenReader,
                  forScreenReader: forScreenReader, showsTimes: profile.settings.messageTimes)
    }

    /// Clean text with each web address in it made a link to itself.
    func linked(_ text: String) -> String {
        guard makesLinks else { return text }
        var linked = "", rest = text.startIndex
        for range in LinkFinder.links(in: text) {
            linked += text[rest..<range.lowerBound] + Hyperlink.wrapping(String(text[range]), to: String(text[range]))
            rest = range.upperBound
        }
        return linked + text[rest...]
    }

    /// Clean text made a link to `address`.
    func link(_ text: String, to address: String) -> String {
        makesLinks ? Hyperlink.wrapping(text, to: address) : text
    }

    public func accent(_ text: String) -> String { styled(text, code: Self.code(for: accent)) }
    func error(_ text: String) -> String { styled(text, code: "31") }
    func warning(_ text: String) -> String { styled(text, code: "33") }
    func dim(_ text: String) -> String { styled(text, code: "2") }
    func bold(_ text: String) -> String { styled(text, code: "1") }

    /// A line of `QRCodeText`, bright white on black: its glyphs (the light modules) light and its
    /// spaces dark whatever the theme's colours, as a scanner needs. Without colour the line stays
    /// as it is, right on dark themes.
    func qrCode(_ line: String) -> String { styled(line, code: "97;40") }

    /// Runs of formatted text, each cleaned of control characters, then styled.
    func line(_ runs: [StyledRun]) -> String {
        runs.map { styled(linked(TerminalSanitizer.clean($0.text)), $0.style) }.joined()
    }

    func styled(_ text: String, _ style: TextStyle) -> String {
        guard usesColor, !style.isEmpty else { return text }
        var codes: [String] = []
        if style.contains(.bold) || style.contains(.mention) { codes.append("1") }
        if style.contains(.faint) { codes.append("2") }
        if style.contains(.italic) { codes.append("3") }
        if style.contains(.underline) { codes.append("4") }
        if style.contains(.strikethrough) { codes.append("9") }
        if style.contains(.mention) {
            codes.append(Self.code(for: accent))
        } else if style.contains(.code) {
            codes.append("36")
        }
        return styled(text, code: codes.joined(separator: ";"))
    }

    private func styled(_ text: String, code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    static func code(for color: TerminalColor) -> String {
        switch color {
        case .named(let named):
            let index = ANSIColor.allCases.firstIndex(of: named) ?? 0
            return index < 8 ? "\(30 + index)" : "\(90 + index - 8)"
        case let .rgb(red, green, blue):
            return "38;2;\(red);\(green);\(blue)"
        }
    }
}
