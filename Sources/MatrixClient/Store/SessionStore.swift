import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The logged-in session, kept in the profile's data directory as `session.json` with mode 0600 so
/// the next start resumes it. An actor: file work stays off the main actor, one write at a time.
public actor SessionStore {
    public enum Failure: Error, Equatable {
        case unwritable(String)
    }

    public nonisolated let fileURL: URL
    /// The session last read or written here: what a token renewal starts from, and changes.
    public private(set) var current: Session?

    public init(directory: URL) {
        fileURL = directory.appending(path: "session.json")
    }

    /// The stored session; `nil` when there is none.
    public func load() throws -> Session? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        let data = try Data(contentsOf: fileURL)
        current = try JSONDecoder().decode(Session.self, from: data)
        return current
    }

    /// Writes the file as `PrivateFile` does: after a crash there is the old session or the new
    /// one, never half of one, and never a token others could read.
    public func save(_ session: Session) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try PrivateFile.write(try encoder.encode(session), to: fileURL)
        } catch let failure as PrivateFile.Unwritable {
            throw Failure.unwritable(failure.path)
        }
        current = session
    }

    /// Changes the current session and writes it, in one step no other write comes between;
    /// `change` returns false to leave it as it is. Returns whether it was written.
    public func update(_ change: @Sendable (inout Session) -> Bool) throws -> Bool {
        guard var session = current, change(&session) else { return false }
        try save(session)
        return true
    }

    public func delete() throws {
        current = nil
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return }
        try FileManager.default.removeItem(at: fileURL)
    }
}
