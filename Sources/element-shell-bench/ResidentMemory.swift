import Foundation

/// This process's resident memory from `/proc/self/status`, in MiB, with a peak that can be
/// started again (Linux resets the high-water mark on a write of 5 to `clear_refs`), so a
/// phase is measured apart from the setup before it.
enum ResidentMemory {
    static var current: Double { field("VmRSS") }
    static var peak: Double { field("VmHWM") }

    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    private static func field(_ name: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return 0 }
        return kilobytes / 1024
    }
}
