import Foundation

/// The files `/upload` reads and `/download` writes, with failures as the user should hear them.
enum LocalFile {
    /// The whole file, refused when it is a directory or device, unreadable, or over `limit` bytes
    /// (checked before reading, so a huge file is never loaded).
    static func read(_ path: String, limit: Int) throws(ShellError) -> Data {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { throw .fileUnreadable(path: path) }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw .notAFile(path: path) }
        if let size = attributes[.size] as? Int, size > limit { throw .fileTooLarge(path: path, limit: limit) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .fileUnreadable(path: path) }
        guard data.count <= limit else { throw .fileTooLarge(path: path, limit: limit) }
        return data
    }

    /// Where a download of `name` goes: `path` as given (inside it, when it is a directory), or
    /// `name` in the current directory; a new name (`name (1).ext`) unless `overwrite`.
    static func downloadPath(_ path: String?, name: String, overwrite: Bool) -> String {
        var target = path ?? name
        var isDirectory: ObjCBool = false
        if target.hasSuffix("/") || (FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) && isDirectory.boolValue) {
            target = (target.hasSuffix("/") ? target : target + "/") + name
        }
        return overwrite ? target : DownloadName.unused(target) { FileManager.default.fileExists(atPath: $0) }
    }

    /// Runs file work (up to a hundred megabytes) away from the main actor, which keeps the
    /// prompt and incoming messages going meanwhile.
    static func offMainActor<Value: Sendable>(_ work: @escaping @Sendable () throws(ShellError) -> Value) async throws(ShellError) -> Value {
        // A Task's value loses the typed error; a Result keeps it.
        try await Task.detached { () -> Result<Value, ShellError> in Result { () throws(ShellError) in try work() } }.value.get()
    }

    /// Writes the file; without `overwrite`, an existing file (one that appeared meanwhile) is left alone.
    static func write(_ data: Data, to path: String, overwrite: Bool) throws(ShellError) {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: overwrite ? .atomic : .withoutOverwriting)
        } catch {
            throw .fileNotWritten(path: path)
        }
    }

    /// Writes a file only its owner may read (0600 whatever the umask), such as a key export.
    /// Without `overwrite` an existing file, even one that appeared meanwhile, is left alone.
    static func writePrivate(_ data: Data, to path: String, overwrite: Bool) throws(ShellError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (overwrite ? O_TRUNC : O_EXCL), 0o600)
        guard descriptor >= 0 else {
            throw errno == EEXIST ? .encryption(.fileExists(path: path)) : .fileNotWritten(path: path)
        }
        defer { close(descriptor) }
        // A file being replaced keeps its old mode otherwise.
        guard fchmod(descriptor, 0o600) == 0, (try? FileHandle(fileDescriptor: descriptor).write(contentsOf: data)) != nil else {
            throw .fileNotWritten(path: path)
        }
    }
}
