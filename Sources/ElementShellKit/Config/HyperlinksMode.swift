/// Whether addresses in messages are clickable (OSC 8 hyperlinks; the `hyperlinks` setting): where
/// the terminal is one known to open them, always at a terminal, or never.
public enum HyperlinksMode: String, Sendable, CaseIterable {
    case auto
    case on
    case off

    /// Whether links are made for a terminal (none for a pipe) with these environment variables.
    func isOn(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .off: false
        case .on: isTerminal
        case .auto: isTerminal && Self.terminalOpensLinks(environment)
        }
    }

    /// Terminals that say who they are and open OSC 8 links; others may print the sequence, or
    /// (tmux without `hyperlinks` among its terminal features) drop it.
    static func terminalOpensLinks(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? "", program = environment["TERM_PROGRAM"] ?? ""
        if term.isEmpty || term == "dumb" || term == "linux" || program == "tmux" || !(environment["TMUX"] ?? "").isEmpty { return false }
        if ["iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "rio"].contains(program) { return true }
        if ["xterm-kitty", "foot", "foot-extra", "alacritty", "xterm-ghostty", "contour", "wezterm"].contains(term) { return true }
        if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 5000 { return true }
        return ["KITTY_WINDOW_ID", "WEZTERM_EXECUTABLE", "WT_SESSION", "KONSOLE_VERSION", "DOMTERM"].contains { !(environment[$0] ?? "").isEmpty }
    }
}
