import Foundation
import MatrixClient

/// Writes a problem report off the main actor: the store's health through its reader, the end of
/// the log from its file, and the archive, created with mode 0600 in the data directory.
enum ProblemReporter {
    /// Where the archive went, and its size in bytes.
    static func write(_ facts: ProblemReport.Facts, store: StoreWriter?, logPath: String, dropping secrets: [String],
                      into directory: String) async throws(ShellError) -> (path: String, size: Int) {
        var health: Result<StoreHealth, ProblemReport.StoreUnreadable>?
        if let store {
            do {
                health = .success(try await store.health())
            } catch {
                health = .failure(ProblemReport.StoreUnreadable())
            }
        }
        return try await LocalFile.offMainActor { [health] () throws(ShellError) in
            let log = LogTail(ofFileAt: logPath, count: ProblemReport.logLineCount, dropping: secrets)
            let report = ProblemReport(facts: facts, operatingSystem: operatingSystem(), store: health, log: log)
            let data = report.archive
            let url = unusedURL(for: report.baseName, in: directory)
            do {
                try PrivateFile.write(data, to: url)
            } catch {
                throw .fileNotWritten(path: url.path)
            }
            return (url.path, data.count)
        }
    }

    /// `NAME.tar`, or `NAME-2.tar` and on when a report of the same second is there.
    private static func unusedURL(for name: String, in directory: String) -> URL {
        let base = URL(fileURLWithPath: directory)
        var url = base.appending(path: name + ".tar")
        var number = 2
        while FileManager.default.fileExists(atPath: url.path) {
            url = base.appending(path: "\(name)-\(number).tar")
            number += 1
        }
        return url
    }

    /// The distribution as `/etc/os-release` names it, the kernel's version and the machine.
    static func operatingSystem() -> String {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        #if arch(x86_64)
        let machine = "x86_64"
        #elseif arch(arm64)
        let machine = "aarch64"
        #else
        let machine = "other"
        #endif
        let kernel = "Linux \(version.majorVersion).\(version.minorVersion).\(version.patchVersion) \(machine)"
        guard let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
              let line = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") }) else { return kernel }
        let name = line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        return name + ", " + kernel
    }
}
