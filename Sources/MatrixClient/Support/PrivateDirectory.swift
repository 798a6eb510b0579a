import Foundation

/// A directory (with its parents) that only its owner may read, mode 0700.
public enum PrivateDirectory {
    /// Creates it unless it exists. Two parts of the shell may create the same one at the same
    /// moment (a new account's store and its key file): Foundation then fails the one that comes
    /// second, which finds the directory made and goes on.
    public static func create(at url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { throw error }
        }
    }
}
