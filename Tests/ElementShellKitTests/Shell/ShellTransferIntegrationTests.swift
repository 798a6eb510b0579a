import Foundation
import Testing

/// A large file shows its progress both ways, through libcurl's own progress reports.
extension ShellMessagingIntegrationTests {
    @Test func largeTransfersShowTheirProgressBothWays() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver)
        let name = "Big \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID)
        let file = try shell.write("", to: "big.bin")
        // 3 MiB that do not compress: past the 1 MiB where progress starts to show.
        try Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }).write(to: URL(fileURLWithPath: file))
        let saved = URL(fileURLWithPath: file).deletingLastPathComponent().appending(path: "copy.bin").path
        let run = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync", "-c", "/open \(name)",
                                        "-c", "/upload \(file)", "-c", "/wait sent", "-c", "/wait sync", "-c", "/download ^ \(saved)",
                                        "-c", "/logout!"],
                                extraEnvironment: password)
        #expect(run.status == 0, "\(run)")
        #expect(run.standardError.contains("Uploading big.bin:"), "\(run.standardError)")
        #expect(run.standardError.contains("Downloading big.bin:") || run.standardError.contains("Downloading copy.bin:"), "\(run.standardError)")
        #expect(FileManager.default.contents(atPath: saved) == FileManager.default.contents(atPath: file), "the same bytes came back")
    }
}
