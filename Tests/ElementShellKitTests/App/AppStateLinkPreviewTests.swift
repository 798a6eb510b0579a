import Foundation
import MatrixCrypto
import Synchronization
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Our messages carry previews of the pages they link to, made while they are typed: an address
/// followed by a space is previewed at once, one at the end of the line once typing pauses; the
/// message takes what is ready and never waits. In an encrypted room nothing is asked of the
/// homeserver unless `link_previews` is `all`, and then the picture goes up again encrypted.
@MainActor
@Suite struct AppStateLinkPreviewTests {
    typealias Messaging = AppStateMessagingTests

    nonisolated static let page = LinkPreview(matchedURL: "https://a.example/x", url: "https://a.example/x", title: "A page", siteName: "A",
                                  image: MediaThumbnail(url: "mxc://hs/og", mimeType: "image/png", width: 2, height: 1))

    static func lobby(encrypted: Bool) -> SyncResponse {
        var response = Messaging.lobby
        if encrypted {
            response.rooms.joined["!lobby:hs"]?.state.append(SyncEvent(type: "m.room.encryption", sender: "@bob:hs", stateKey: "",
                                                                       content: ["algorithm": "m.megolm.v1.aes-sha2"]))
        }
        return response
    }

    func lobby(encrypted: Bool = false, media: FakeMediaService, clock: TestClock) async throws -> AppHarness {
        let app = AppHarness(sync: Messaging.firstSync(Self.lobby(encrypted: encrypted)), send: { _ throws(MatrixError) in
            await suspendUntilCancelled()
            throw .transport(.cancelled)
        }, mediaService: media, clock: clock)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        return app
    }

    static func outboxPreviews(_ app: AppHarness) async throws -> [[LinkPreview]?] {
        try await #require(app.state.store).outbox().map(\.previews)
    }

    @Test func anAddressTypedIsPreviewedAndTheMessageCarriesIt() async throws {
        let asked = Mutex<[String]>([])
        var media = FakeMediaService()
        media.previewing = { url throws(MatrixError) in
            asked.withLock { $0.append(url) }
            return url == Self.page.matchedURL ? Self.page : nil
        }
        let clock = TestClock()
        let app = try await lobby(media: media, clock: clock)

        await app.state.send(ShellAction.inputLineChanged("see https://a.example/x and"))
        try await waitUntil { app.state.linkPreviews["https://a.example/x"] == .ready(Self.page) }
        #expect(app.log.reports.contains { $0.content == .previewReady(Self.page) }, "shown as what the message will carry")
        // Typing on asks nothing more of the same address.
        await app.state.send(ShellAction.inputLineChanged("see https://a.example/x and more"))
        #expect(await app.state.run(line: "see https://a.example/x and more"))
        #expect(try await Self.outboxPreviews(app) == [[Self.page]])
        guard case .message(.queued(let pending))? = app.log.outcomes.last else { Issue.record("not queued"); return }
        #expect(pending.previews == [Self.page], "shown under the message at once")

        // An address at the end of the line waits for typing to pause.
        await app.state.send(ShellAction.inputLineChanged("and https://b.example"))
        await app.state.send(ShellAction.inputLineChanged("and https://b.example/y"))
        #expect(asked.withLock { $0 } == ["https://a.example/x"])
        await clock.advance(toWakeWithin: AppState.previewPause)
        try await waitUntil { app.state.linkPreviews["https://b.example/y"] == .unavailable }
        #expect(asked.withLock { $0 } == ["https://a.example/x", "https://b.example/y"], "not the address half typed")
    }

    @Test func aMessageSentBeforeItsPreviewIsReadyGoesWithoutIt() async throws {
        let release = Messaging.Gate()
        var media = FakeMediaService()
        media.previewing = { _ throws(MatrixError) in
            await release.wait()
            return Self.page
        }
        let app = try await lobby(media: media, clock: TestClock())
        await app.state.send(ShellAction.inputLineChanged("see https://a.example/x now"))
        try await waitUntil { app.state.linkPreviews["https://a.example/x"] == .fetching }
        #expect(await app.state.run(line: "see https://a.example/x now"))
        await app.state.send(ShellAction.inputLineChanged(""))
        #expect(try await Self.outboxPreviews(app) == [nil])
        await release.open()
        try await waitUntil { app.state.linkPreviews["https://a.example/x"] == .ready(Self.page) }
        #expect(!app.log.reports.contains { $0.content == .previewReady(Self.page) }, "not offered for a message already sent")
    }

    @Test func anEncryptedRoomAsksNothingUnlessAllowedAndThenSealsThePicture() async throws {
        let asked = Mutex<[String]>([])
        let uploaded = Mutex<[Data]>([])
        var media = FakeMediaService()
        media.previewing = { url throws(MatrixError) in
            asked.withLock { $0.append(url) }
            return Self.page
        }
        media.downloading = { url, _, _ throws(MatrixError) in
            #expect(url.description == "mxc://hs/og")
            return Data("the page's picture".utf8)
        }
        media.uploading = { data, _, contentType, _ throws(MatrixError) in
            #expect(contentType == "application/octet-stream")
            uploaded.withLock { $0.append(data) }
            return MediaURL("mxc://hs/sealed")!
        }
        let clock = TestClock()
        let app = try await lobby(encrypted: true, media: media, clock: clock)

        await app.state.send(ShellAction.inputLineChanged("see https://a.example/x and https://c.example"))
        clock.advance(by: .seconds(5))
        #expect(await app.state.run(line: "see https://a.example/x and https://c.example"))
        #expect(asked.withLock { $0 }.isEmpty, "the homeserver learns no address of an encrypted room")
        #expect(app.state.linkPreviews.isEmpty)

        await app.state.run(line: "/set link_previews all")
        await app.state.send(ShellAction.inputLineChanged("see https://a.example/x again"))
        try await waitUntil { if case .ready = app.state.linkPreviews["https://a.example/x"] { true } else { false } }
        guard case .ready(let preview)? = app.state.linkPreviews["https://a.example/x"], let image = preview.image,
              let keys = image.encryption else { Issue.record("\(app.state.linkPreviews)"); return }
        #expect(image.url == "mxc://hs/sealed" && image.size == 18)
        let ciphertext = try #require(uploaded.withLock { $0.first })
        #expect(try AttachmentCipher.decrypt(ciphertext, with: keys) == Data("the page's picture".utf8))
        #expect(await app.state.run(line: "see https://a.example/x again"))
        #expect(try await Self.outboxPreviews(app).last == [preview])
    }
}
