/// When the shell colours its output.
public enum ColorMode: String, Sendable, CaseIterable {
    /// Colour only when standard output is a terminal and `NO_COLOR` is not set.
    case auto
    case always
    case never
}
