/// The sixteen colours every ANSI terminal has; raw values are the names the config file uses.
public enum ANSIColor: String, Sendable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack = "bright_black"
    case brightRed = "bright_red"
    case brightGreen = "bright_green"
    case brightYellow = "bright_yellow"
    case brightBlue = "bright_blue"
    case brightMagenta = "bright_magenta"
    case brightCyan = "bright_cyan"
    case brightWhite = "bright_white"
}
