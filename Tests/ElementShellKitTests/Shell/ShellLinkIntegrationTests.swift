import Foundation
import Testing

/// An address grace (matrix-nio) writes in an encrypted room: `/links` lists it and `/link 1`
/// says where no browser opens it; at a terminal with `hyperlinks: on` it is an OSC 8 link. In the
/// encryption suite, whose accounts it uses.
extension ShellEncryptionIntegrationTests {
    @Test func anAddressFromNioIsListedOpenedAndClickable() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver, settings: ["log_level": "trace", "hyperlinks": "on"])
        let grace = peer(in: shell)
        try await loggingOut([grace]) {
            let name = "Links \(UUID().uuidString.prefix(6))"
            let roomID = try await grace.createRoom(named: name, inviting: frankID)
            let joined = try await shell.run(base + ["-c", "/login test \(frank)", "-c", "/join \(roomID)", "-c", "/wait sync"],
                                             extraEnvironment: password)
            #expect(joined.status == 0, "\(joined)")
            #expect(try await grace.seesJoined(frankID, in: roomID))
            try await grace.send(["the agenda: https://agenda.example/q3 (draft)."], to: roomID)

            let listed = try await shell.run(base + ["--output", "json", "-c", "/wait sync", "-c", "/open \(name)", "-c", "/links", "-c", "/link 1"])
            #expect(listed.status == 0, "\(listed)")
            let links = listed.objects.first { $0["command"] as? String == "links" }?["links"] as? [[String: Any]]
            #expect(links?.map { $0["url"] as? String } == ["https://agenda.example/q3"], "\(listed.standardOutput)")
            let opened = listed.objects.first { $0["command"] as? String == "link" }
            #expect(opened?["url"] as? String == "https://agenda.example/q3" && opened?["opened_in_browser"] as? Bool == false, "no desktop here")

            let terminal = try await shell.runInTerminal(base, steps: [
                .wait("Resumed the session"), .type("/open \(name)"), .wait("\u{1B}\\]8;;https://agenda\\.example/q3"), .type("/quit"),
            ])
            let printed = String(decoding: terminal.printed, as: UTF8.self)
            #expect(terminal.status == 0, "\(terminal.errors)\n\(printed.suffix(2000))")
            #expect(printed.contains("\u{1B}]8;;https://agenda.example/q3\u{1B}\\https://agenda.example/q3\u{1B}]8;;\u{1B}\\ (draft)."))
            try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
        }
    }
}
