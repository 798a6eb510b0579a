import Foundation
import MatrixClient
#if canImport(Glibc)
import Glibc
#endif

/// Picture files as fetched (encrypted ones still encrypted), in a directory of the account's
/// store, so drawing a message again asks the homeserver nothing. Kept under `limit` bytes: past
/// it, the files least recently drawn go first. Files are named as `PictureSource.cacheName` says.
struct PictureCache: Sendable {
    let directory: URL
    var limit = 64 << 20

    /// The bytes cached under `name`, marked as used now.
    func bytes(for name: String) -> Data? {
        let url = file(for: name)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        utimes(url.path, nil)
        return data
    }

    /// Keeps `data` under `name`, readable only by its owner; a cache that cannot be written is
    /// only slower.
    func store(_ data: Data, for name: String) {
        guard data.count <= limit, (try? PrivateDirectory.create(at: directory)) != nil,
              (try? PrivateFile.write(data, to: file(for: name), durable: false)) != nil else { return }
        trim()
    }

    /// Removes the least recently used files until the rest fit in three quarters of the limit,
    /// once they pass it, so not every new file costs a scan's removals.
    func trim() {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard let names = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        var files = names.compactMap { url -> (url: URL, size: Int, used: Date)? in
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
            return (url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
        var total = files.reduce(0) { $0 + $1.size }
        guard total > limit else { return }
        files.sort { $0.used < $1.used }
        for file in files where total > limit / 4 * 3 {
            try? FileManager.default.removeItem(at: file.url)
            total -= file.size
        }
    }

    private func file(for name: String) -> URL {
        directory.appending(path: name)
    }
}
