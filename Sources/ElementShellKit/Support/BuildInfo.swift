/// What this build of element-shell is, for `--version` and the HTTP user agent.
public enum BuildInfo {
    public static let version = "0.1.0"
    public static let userAgent = "element-shell/\(version)"
    #if DEBUG
    public static let configuration = "debug"
    #else
    public static let configuration = "release"
    #endif
}
