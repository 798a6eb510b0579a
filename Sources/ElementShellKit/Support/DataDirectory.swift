import Foundation

/// Where a profile keeps its files: `$XDG_DATA_HOME/element-shell/<profile>/` (XDG's default
/// `~/.local/share`), readable only by its owner.
public enum DataDirectory {
    public static func path(profile: String, environment: [String: String]) -> String {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return base + "/element-shell/" + profile
    }

    /// Creates the directory with mode 0700. An existing one is tightened to 0700 only when it is
    /// the shell's own (`ownsExisting`); a directory the user named is left as they keep it.
    public static func prepare(_ path: String, ownsExisting: Bool) throws {
        let existed = FileManager.default.fileExists(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if !existed || ownsExisting {
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        }
    }
}
