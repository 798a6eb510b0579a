/// The colours half blocks may use: 24-bit where the terminal says so (`COLORTERM`), otherwise the
/// 240 colours of the 256-colour palette that themes leave alone (the first 16 are the theme's).
public enum ColorDepth: String, Sendable {
    case trueColor
    case indexed256
}
