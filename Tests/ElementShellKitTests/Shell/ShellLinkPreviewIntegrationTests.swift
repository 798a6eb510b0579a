import Foundation
import Testing

/// A link preview erin (matrix-nio) bundles into her message, as gomuks and Beeper send it: the
/// page's words under the message in text and JSON, its picture at a terminal that speaks sixel.
/// In the messaging suite, whose accounts it uses.
extension ShellMessagingIntegrationTests {
    @Test func aPreviewBundledByThePeerIsShownWithItsPicture() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver)
        let name = "Preview \(UUID().uuidString.prefix(6))"
        let roomID = try await peer.createRoom(named: name, inviting: carolID, displayName: "Erin Nio")
        let joined = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/wait sync"], extraEnvironment: password)
        #expect(joined.status == 0, "\(joined)")

        let picture = shell.home.appending(path: "page.png")
        try Data(contentsOf: AppStatePictureTests.fixtures.appending(path: "pattern.png")).write(to: picture)
        let image = try await peer.upload(picture.path)
        let content: [String: Any] = [
            "msgtype": "m.text", "body": "the plan: https://plans.example/q3",
            "com.beeper.linkpreviews": [[
                "matched_url": "https://plans.example/q3", "og:url": "https://plans.example/q3", "og:title": "Third quarter\u{1B}[2J",
                "og:site_name": "Plans", "og:description": "What we do next, and when.", "og:image": image,
                "og:image:width": 64, "og:image:height": 48, "og:image:type": "image/png",
            ]],
        ]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: content), as: UTF8.self)
        _ = try await peer.sendEvent("m.room.message", content: json, to: roomID)

        let described = try await shell.run(base + ["--output", "json", "-c", "/wait sync", "-c", "/open \(name)"])
        let message = (described.objects.first { $0["command"] as? String == "open" }?["messages"] as? [[String: Any]])?.last
        let preview = (message?["url_previews"] as? [[String: Any]])?.first
        #expect(preview?["title"] as? String == "Third quarter\u{1B}[2J" && preview?["site_name"] as? String == "Plans", "\(described.standardOutput)")
        #expect((preview?["image"] as? [String: Any])?["url"] as? String == image)

        let listed = try await shell.run(base + ["-c", "/open \(name)"])
        #expect(listed.outputLines.suffix(2) == ["        ┃ Third quarterU+1B[2J · Plans",
                                                 "        ┃ What we do next, and when."], "\(listed.standardOutput)")

        let terminal = try await shell.runInTerminal(base, steps: [
            .wait("Resumed the session"), .type("/open \(name)"), .wait(ShellEncryptionIntegrationTests.sixelStart), .type("/quit"),
        ])
        let printed = String(decoding: terminal.printed, as: UTF8.self)
        #expect(terminal.status == 0, "\(terminal.errors)\n\(printed.suffix(2000))")
        // The page's picture, small beside its words: 64 × 48 in at most 20 × 6 cells of 10 × 20.
        #expect(printed.contains("\"1;1;160;120"), "\(printed.suffix(1500))")
        try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
    }
}

/// carol types an address in a message at a terminal: the test Synapse previews the page (served
/// by `Peers/page_server.py`), the shell shows what the message will carry, and erin (matrix-nio)
/// reads the bundle from the event. In carol's encrypted room no address reaches the previewer.
extension ShellMessagingIntegrationTests {
    @Test func ourMessageCarriesThePreviewMadeWhileTypingButNotInAnEncryptedRoom() async throws {
        let shell = ShellProcess()
        defer { shell.remove() }
        let base = try shell.testerArguments(for: homeserver)
        let tag = UUID().uuidString.prefix(6)
        let roomID = try await peer.createRoom(named: "Shared \(tag)", inviting: carolID, displayName: "Erin Nio")
        let joined = try await shell.run(base + ["-c", "/login test \(carol)", "-c", "/join \(roomID)", "-c", "/create Secret \(tag) --encrypted",
                                                 "-c", "/wait sync"], extraEnvironment: password)
        #expect(joined.status == 0, "\(joined)")
        let image = AppStatePictureTests.fixtures.appending(path: "pattern.png").path
        let log = shell.home.appending(path: "pages-asked.log")
        let site = try await DetachedServer("page_server.py", [image, log.path])
        let address = { (name: String) in "http://127.0.0.1:\(site.port)/page/\(name)" }

        let terminal = try await shell.runInTerminal(base, steps: [
            .wait("Resumed the session"),
            .type("/open Secret \(tag)"), .keys("not for the server: \(address("secret")) nor"), .type(""),
            .type("/open Shared \(tag)"), .keys("the plan: \(address("plan")) today"),
            .wait("Your message will carry this preview"), .wait("Page plan"), .type(""),
            .type("/wait sent"), .type("/echo done"), .wait("(?<!echo )done"), .type("/quit"),
        ])
        let printed = String(decoding: terminal.printed, as: UTF8.self)
        #expect(terminal.status == 0, "\(terminal.errors)\n\(printed.suffix(3000))")

        let sent = try await peer.events(in: roomID).last { ($0["content"] as? [String: Any])?["body"] as? String == "the plan: \(address("plan")) today" }
        let bundle = (sent?["content"] as? [String: Any])?["com.beeper.linkpreviews"] as? [[String: Any]]
        #expect(bundle?.first?["matched_url"] as? String == address("plan"), "\(String(describing: sent))")
        #expect(bundle?.first?["og:title"] as? String == "Page plan" && bundle?.first?["og:description"] as? String == "What the page plan says.")
        #expect((bundle?.first?["og:image"] as? String)?.hasPrefix("mxc://") == true, "the page's picture, as the server keeps it")

        let asked = try String(contentsOf: log, encoding: .utf8)
        #expect(asked.contains("/page/plan"), "\(asked)")
        #expect(!asked.contains("secret"), "the encrypted room's address reached no previewer: \(asked)")
        try await shell.run(base + ["-c", "/logout!"]).expectSuccess()
    }
}
