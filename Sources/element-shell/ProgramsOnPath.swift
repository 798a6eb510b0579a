import Foundation

/// Finds a helper program (`notify-send`, `xdg-open`) on the `PATH`; a missing one turns its
/// feature off quietly.
enum ProgramsOnPath {
    static func find(_ name: String) -> URL? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "")
            .split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appending(path: name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
