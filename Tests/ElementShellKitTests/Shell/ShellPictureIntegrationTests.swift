import Foundation
import Testing

/// Pictures grace (matrix-nio) sends: an image and a sticker in the clear, an image encrypted.
/// At a terminal that speaks sixel they are drawn under their messages; batch mode and
/// `--output json` describe them and draw nothing. In the encryption suite, whose accounts they use.
extension ShellEncryptionIntegrationTests {
    /// The start of a sixel sequence, as a regular expression.
    static let sixelStart = "\u{1B}P[0-9;]*q"

    @Test func picturesFromNioAreDrawnAtATerminalAndOnlyDescribedInBatchAndJSON() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try arguments(for: shell)
        let grace = peer(in: shell)
        try await loggingOut([grace]) { try await receivePictures(from: grace, shell: shell, base: base) }
    }

    private func receivePictures(from grace: NioCryptoPeer, shell: ShellProcess, base: [String]) async throws {
        let tag = UUID().uuidString.prefix(6)
        let clear = try await grace.createRoom(named: "Clear \(tag)", inviting: frankID, encrypted: false)
        let sealed = try await grace.createRoom(named: "Sealed \(tag)", inviting: frankID)
        let joined = try await shell.run(base + ["-c", "/login test \(frank)", "-c", "/join \(clear)", "-c", "/join \(sealed)", "-c", "/wait sync"],
                                         extraEnvironment: password)
        #expect(joined.status == 0, "\(joined)")
        #expect(try await grace.seesJoined(frankID, in: sealed), "so that the room key is shared with frank")

        let pattern = try Data(contentsOf: AppStatePictureTests.fixtures.appending(path: "pattern.png"))
        var paths: [String] = []
        for name in ["photo.png", "sticker.png", "secret.png"] {
            let url = shell.home.appending(path: name)
            try pattern.write(to: url)
            paths.append(url.path)
        }
        _ = try await grace.sendFile(paths[0], mimeType: "image/png", as: .image, to: clear)
        _ = try await grace.sendFile(paths[1], mimeType: "image/png", as: .sticker, to: clear)
        let key = try #require(try await grace.sendFile(paths[2], mimeType: "image/png", as: .image, to: sealed), "sent encrypted")

        // JSON describes each picture; nothing is drawn.
        let described = try await shell.run(base + ["--output", "json", "-c", "/wait sync", "-c", "/open Clear \(tag)", "-c", "/open Sealed \(tag)"])
        #expect(described.status == 0, "\(described)")
        let opened = described.objects.filter { $0["command"] as? String == "open" }.map { $0["messages"] as? [[String: Any]] ?? [] }
        let pictures = opened.map { $0.filter { $0["media"] is [String: Any] } }
        #expect(pictures.map { $0.map { $0["msgtype"] as? String ?? "" } } == [["m.image", "m.sticker"], ["m.image"]], "\(described.standardOutput)")
        for picture in pictures.flatMap({ $0 }) {
            let media = try #require(picture["media"] as? [String: Any])
            #expect(media["mimetype"] as? String == "image/png" && media["w"] as? Int == 64 && media["h"] as? Int == 48, "\(media)")
        }
        #expect((pictures.last?.first?["media"] as? [String: Any])?["encrypted"] as? Bool == true)
        #expect(!described.objects.contains { $0["type"] as? String == "picture" })

        // Batch mode's text names them and draws none.
        let listed = try await shell.run(base + ["-c", "/open Clear \(tag)", "-c", "/open Sealed \(tag)"])
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.standardOutput.contains("[image] photo.png") && listed.standardOutput.contains("[sticker] sticker.png"))
        #expect(!listed.standardOutput.contains("\u{1B}P") && !listed.standardOutput.contains("▄") && !listed.standardOutput.contains("▀"))

        // At a terminal each is drawn, in sixel, under its message.
        let terminal = try await shell.runInTerminal(base, steps: [
            .wait("Resumed the session"), .type("/open Clear \(tag)"), .wait(Self.sixelStart, count: 2),
            .type("/open Sealed \(tag)"), .wait(Self.sixelStart, count: 3), .type("/quit"),
        ])
        let printed = String(decoding: terminal.printed, as: UTF8.self)
        #expect(terminal.status == 0, "\(terminal.errors)\n\(printed.suffix(2000))")
        let sixels = printed.components(separatedBy: "\u{1B}P").dropFirst()
        #expect(sixels.count == 3, "\(printed.suffix(2000))")
        for sixel in sixels {
            // 64 × 48 pixels scaled into 40 × 12 cells of 10 × 20: 320 × 240, in its raster attributes.
            #expect(sixel.contains("\"1;1;320;240"), "\(sixel.prefix(80))")
            #expect(sixel.contains("\u{1B}\\"), "the sequence ends")
        }

        try expectNoLeaks(in: shell, of: [key, homeserver.password])
        try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
    }
}
