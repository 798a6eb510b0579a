import Foundation

/// The logged-in session, kept in the profile's data directory as `session.json` with mode 0600 so
/// the next start resumes it. An actor: file work stays off the main actor, one write at a time.
public actor SessionStore {
    public enum Failure: Error, Equatable {
        case unwritable(String)
    }

    public nonisolated let fileURL: URL

    public init(directory: URL) {
        fileURL = directory.appending(path: "session.json")
    }

    /// The stored session; `nil` when there is none or it cannot be read as one.
    public func load() throws -> Session? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        let data = try Data(contentsOf: fileURL)
        return try JSONDecoder().decode(Session.self, from: data)
    }

    /// Writes a new file readable only by its owner, then renames it over the old one, so a crash
    /// leaves either the old session or the new one, and never a readable token.
    public func save(_ session: Session) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(session)
        let temporary = fileURL.deletingLastPathComponent().appending(path: ".session.json.\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw Failure.unwritable(temporary.path)
        }
        guard rename(temporary.path, fileURL.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw Failure.unwritable(fileURL.path)
        }
    }

    public func delete() throws {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return }
        try FileManager.default.removeItem(at: fileURL)
    }
}
