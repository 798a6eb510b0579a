import Foundation

/// Where a profile keeps its files: `$XDG_DATA_HOME/element-shell/<profile>/` (XDG's default
/// `~/.local/share`), readable only by its owner.
public enum DataDirectory {
    public static func path(profile: String, environment: [String: String]) -> String {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return base + "/element-shell/" + profile
    }

    /// Creates the directory with mode 0700, and tightens an existing one to it.
    public static func prepare(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
    }
}
