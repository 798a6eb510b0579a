import Foundation

/// What the data directory holds (session, keys, store, log, history) is for its owner alone:
/// directories 0700, files 0600. Checked at every start; anything looser is tightened, and
/// reported so the user knows it was exposed.
public enum PrivateFiles {
    public struct Tightened: Sendable, Equatable {
        public var path: String
        public var previousMode: Int
        public var mode: Int
    }

    /// Tightens everything below `directory` (not the directory itself: `DataDirectory.prepare`
    /// decides that) and returns what was looser than it should be.
    public static func tighten(below directory: String) -> [Tightened] {
        var tightened: [Tightened] = []
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        while let relative = walker.nextObject() as? String {
            let path = directory + "/" + relative
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let type = attributes[.type] as? FileAttributeType, type == .typeDirectory || type == .typeRegular,
                  let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue else { continue }
            // Only what others may do counts; the owner's own bits stay as they are.
            guard mode & 0o077 != 0 else { continue }
            let target = mode & (type == .typeDirectory ? 0o700 : 0o600)
            if (try? FileManager.default.setAttributes([.posixPermissions: target], ofItemAtPath: path)) != nil {
                tightened.append(Tightened(path: path, previousMode: mode, mode: target))
            }
        }
        return tightened
    }
}
