@preconcurrency import CReadline
@preconcurrency import Glibc

/// The profile's readline history: loaded at start, one line appended per accepted command (a pasted block stays in memory) (so a
/// crash loses nothing), and kept to the configured size on disk as in memory. Its methods call
/// readline, so only the readline thread uses them.
struct HistoryFile: Sendable {
    let path: String
    let limit: Int

    func load() {
        _ = read_history(path)
        setLimit(limit)
        // Browsing starts after the last line read, so Up brings back the newest one.
        using_history()
    }

    /// `/set history_size` takes effect at once, in memory and on disk.
    func setLimit(_ newLimit: Int) {
        stifle_history(Int32(clamping: newLimit))
        _ = history_truncate_file(path, Int32(clamping: newLimit))
    }

    func append(_ line: String) {
        add_history(line)
        // The file keeps one line per entry: a pasted block of several is recalled in this run only.
        guard !line.contains(where: \.isNewline) else { return }
        if access(path, F_OK) != 0 {
            _ = write_history(path)
        } else {
            _ = append_history(1, path)
        }
        _ = history_truncate_file(path, Int32(clamping: history_max_entries))
    }
}
