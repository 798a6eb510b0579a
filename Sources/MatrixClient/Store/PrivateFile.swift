import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Files that hold secrets (the session's tokens, OAuth client IDs): written whole or not at all,
/// readable only by their owner from the first byte.
public enum PrivateFile {
    public struct Unwritable: Error, Equatable {
        public let path: String
    }

    /// Writes a new file created with mode 0600, flushes it, renames it over the old one and
    /// flushes the directory: after a crash there is the old content or the new, never half.
    /// A file that is only a copy (a cache's) need not be `durable`: it skips both flushes.
    public static func write(_ data: Data, to url: URL, durable: Bool = true) throws(Unwritable) {
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".\(UUID().uuidString)"
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Unwritable(path: temporary) }
        let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let flushed = !durable || fsync(descriptor) == 0
        close(descriptor)
        guard written == data.count, flushed, rename(temporary, url.path) == 0 else {
            unlink(temporary)
            throw Unwritable(path: url.path)
        }
        guard durable else { return }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }
}
