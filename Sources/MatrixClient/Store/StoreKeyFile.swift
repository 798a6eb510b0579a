import Foundation
import MatrixCrypto
#if canImport(Glibc)
import Glibc
#endif

/// The key that seals an account's crypto state in its store: `crypto.key` next to the store,
/// created once with random bytes and mode 0600, so a copy of the database alone reveals no
/// secret. A looser mode found on an existing file is tightened.
public enum StoreKeyFile {
    public enum Failure: Error, Equatable {
        case unreadable(String)
        case unwritable(String)
    }

    public static func cipher(inDirectory directory: URL) throws(Failure) -> PickleCipher {
        let path = directory.appending(path: "crypto.key").path
        if FileManager.default.fileExists(atPath: path) {
            guard let key = FileManager.default.contents(atPath: path), let cipher = try? PickleCipher(key: key) else {
                throw .unreadable(path)
            }
            chmod(path, 0o600)
            return cipher
        }
        let key = PickleCipher.generateKey()
        try? PrivateDirectory.create(at: directory)
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path) }
        let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let flushed = fsync(descriptor) == 0
        close(descriptor)
        guard written == key.count, flushed, let cipher = try? PickleCipher(key: key) else {
            unlink(path)
            throw .unwritable(path)
        }
        return cipher
    }
}
