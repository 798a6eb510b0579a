import Foundation
import MatrixCrypto
import MatrixJSON
import Synchronization
import Testing
import TerminalGraphics
@testable import ElementShellKit
@testable import MatrixClient

/// Pictures under their messages: fetched through the thumbnail endpoint or decrypted from the
/// sender's thumbnail, drawn for the terminal, cached, and each hostile one a line. Over a fake
/// media service; `ShellPictureIntegrationTests` does the same against Synapse and matrix-nio.
@MainActor
@Suite struct AppStatePictureTests {
    typealias Messaging = AppStateMessagingTests

    /// A terminal that speaks half blocks, 100 × 40 cells.
    static let blocks = PictureTerminal(detected: PictureDrawing(graphicsProtocol: .blocks), insideTmux: false) {
        CellBox(columns: 100, rows: 40)
    }

    nonisolated static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "TerminalGraphicsTests/Fixtures")

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appending(path: name))
    }

    /// An image message of bob's in the Lobby.
    static func image(_ eventID: String, at time: Int64, content: [String: JSONValue]) -> SyncEvent {
        SyncEvent(type: "m.room.message", eventID: eventID, sender: "@bob:hs", originServerTS: time, content: .object(content))
    }

    static func lobby(with events: [SyncEvent]) -> SyncResponse {
        var response = Messaging.lobby
        response.rooms.joined["!lobby:hs"]?.timeline.events += events
        return response
    }

    static func plainImage(_ eventID: String, url: String, mimeType: String = "image/png", at time: Int64 = 2_000) -> SyncEvent {
        image(eventID, at: time, content: ["msgtype": "m.image", "body": .string(eventID + ".png"), "url": .string(url),
                                           "info": ["mimetype": .string(mimeType), "size": 1000]])
    }

    func openLobby(_ events: [SyncEvent], media: FakeMediaService, terminal: PictureTerminal? = Self.blocks) async throws -> AppHarness {
        let app = AppHarness(sync: Messaging.firstSync(Self.lobby(with: events)), mediaService: media, pictureTerminal: terminal)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        return app
    }

    static func pictures(in app: AppHarness) -> [ShownPicture] {
        app.log.reports.compactMap { report in
            if case .picture(let picture) = report.content { picture } else { nil }
        }
    }

    @Test func anImageIsFollowedByItsPictureFromTheServersThumbnailOnceAndThenFromTheCache() async throws {
        let asked = Mutex<[String]>([])
        var media = FakeMediaService()
        let png = try Self.fixture("pattern.png")
        media.thumbnailing = { url, width, height throws(MatrixError) in
            asked.withLock { $0.append("\(url) \(width)x\(height)") }
            return png
        }
        let app = try await openLobby([Self.plainImage("$cat", url: "mxc://hs/cat")], media: media)
        try await waitUntil { Self.pictures(in: app).count == 1 }

        let picture = try #require(Self.pictures(in: app).first)
        guard case .drawn(let drawn) = picture.drawing, case .lines(let lines) = drawn.output else { Issue.record("not drawn: \(picture)"); return }
        #expect(drawn.graphicsProtocol == .blocks && drawn.cells.columns <= 40 && drawn.cells.rows <= 12)
        #expect(lines.filter { !$0.isEmpty }.count == drawn.cells.rows)
        #expect(picture.eventID == "$cat" && picture.name.unsanitized == "$cat.png")
        // Half blocks look at eight by eight pixels of each cell of the 40 × 12 box.
        #expect(asked.withLock { $0 } == ["mxc://hs/cat 320x96"])
        let openedAt = try #require(app.log.reports.firstIndex { if case .result(_, .room(.opened)) = $0.content { true } else { false } })
        #expect(app.log.reports.firstIndex { $0.picture != nil }! > openedAt, "the listing first, the picture after it")

        await app.state.run(line: "/open Lobby")
        try await waitUntil { Self.pictures(in: app).count == 2 }
        #expect(Self.pictures(in: app)[1] == picture)
        #expect(asked.withLock { $0.count } == 1, "drawn again from the cache")
        let cached = try FileManager.default.contentsOfDirectory(at: Self.cacheDirectory(of: app), includingPropertiesForKeys: nil)
        #expect(cached.map(\.lastPathComponent) == ["hs_cat_320x96"])
        let mode = try FileManager.default.attributesOfItem(atPath: cached[0].path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    static func cacheDirectory(of app: AppHarness) throws -> URL {
        let session = try #require(app.state.session)
        return StoreLocation.directory(for: session, dataDirectory: app.directory.url.path).appending(path: "pictures")
    }

    @Test func nothingIsFetchedWithoutATerminalOrWithImagesOff() async throws {
        let asked = Mutex(0)
        var media = FakeMediaService()
        media.thumbnailing = { _, _, _ throws(MatrixError) in
            asked.withLock { $0 += 1 }
            throw .notFound
        }
        let batch = try await openLobby([Self.plainImage("$cat", url: "mxc://hs/cat")], media: media, terminal: nil)
        #expect(!(await batch.state.run(line: "/view ~2")))
        #expect(batch.log.failures == [.picturesUnavailable])

        let off = AppHarness(sync: Messaging.firstSync(Self.lobby(with: [Self.plainImage("$cat", url: "mxc://hs/cat")])), mediaService: media,
                             pictureTerminal: Self.blocks)
        await off.state.run(line: "/set images off")
        await off.state.run(line: "/login matrix.org alice")
        try await waitUntil { off.state.syncStatus == .live }
        await off.state.run(line: "/open Lobby")
        #expect(!(await off.state.run(line: "/view ~2")))
        #expect(off.log.failures == [.picturesOff])
        await off.state.run(line: "/set images auto")
        await off.state.run(line: "/set screen_reader on")
        await off.state.run(line: "/open Lobby")
        #expect(!(await off.state.run(line: "/view ~2")))
        #expect(off.log.failures.last == .picturesDescribed, "a screen reader is given the description, which the line says")
        // The queue runs in order: a picture asked for now would have been fetched by the time
        // one queued later is.
        #expect(Self.pictures(in: batch).isEmpty && Self.pictures(in: off).isEmpty)
        #expect(asked.withLock { $0 } == 0)
    }

    @Test func eachHostilePictureIsOneLineAndNoneStopsTheNext() async throws {
        let png = try Self.fixture("pattern.png")
        var gif = try Self.fixture("palette.gif")
        // The GIF's logical screen claims 30,000 × 30,000.
        gif.replaceSubrange(6..<10, with: [0x30, 0x75, 0x30, 0x75])
        let sealed = AttachmentCipher.encrypt(png)
        let wrongHash = AttachmentKeys(key: sealed.keys.key, iv: sealed.keys.iv, sha256: Data(repeating: 7, count: 32))
        let files: [String: Data] = [
            "mxc://hs/bomb": gif, "mxc://hs/cut": png.prefix(png.count / 2), "mxc://hs/page": Data("<!DOCTYPE html><p>hi".utf8),
            "mxc://hs/sealed": sealed.ciphertext, "mxc://hs/fine": png,
        ]
        let asked = Mutex<[String]>([])
        var media = FakeMediaService()
        media.thumbnailing = { url, _, _ throws(MatrixError) in
            asked.withLock { $0.append("thumbnail \(url)") }
            // What the server cannot read it makes no thumbnail of.
            guard url.description != "mxc://hs/page" else { throw .server(errcode: "M_UNKNOWN", message: "", status: 400) }
            guard let file = files[url.description] else { throw .notFound }
            return file
        }
        media.downloading = { url, _, _ throws(MatrixError) in
            asked.withLock { $0.append("download \(url)") }
            guard let file = files[url.description] else { throw .notFound }
            return file
        }
        func encrypted(_ eventID: String, keys: AttachmentKeys, size: Int, at time: Int64) -> SyncEvent {
            Self.image(eventID, at: time, content: ["msgtype": "m.image", "body": .string(eventID),
                                                    "file": .object(keys.jsonFields.merging(["url": "mxc://hs/sealed"]) { $1 }),
                                                    "info": ["mimetype": "image/png", "size": .integer(Int64(size))]])
        }
        let events = [
            Self.plainImage("$svg", url: "mxc://hs/svg", mimeType: "image/svg+xml", at: 2_000),
            Self.plainImage("$bomb", url: "mxc://hs/bomb", mimeType: "image/gif", at: 2_001),
            Self.plainImage("$cut", url: "mxc://hs/cut", at: 2_002),
            Self.plainImage("$page", url: "mxc://hs/page", at: 2_003),
            encrypted("$forged", keys: wrongHash, size: png.count, at: 2_004),
            encrypted("$huge", keys: sealed.keys, size: 50 << 20, at: 2_005),
            Self.plainImage("$fine", url: "mxc://hs/fine", at: 2_006),
        ]
        let app = try await openLobby(events, media: media)
        try await waitUntil { Self.pictures(in: app).count == 7 }

        let outcomes = Self.pictures(in: app).map { picture -> String in
            switch picture.drawing {
            case .drawn: "\(picture.eventID ?? "") drawn"
            case .failed(let problem): "\(picture.eventID ?? "") \(problem)"
            }
        }
        #expect(outcomes == ["$svg notAPicture", "$bomb tooManyPixels(width: 30000, height: 30000)", "$cut damaged", "$page notAPicture",
                             "$forged notDecrypted", "$huge tooLargeToFetch(limit: 10485760)", "$fine drawn"])
        #expect(asked.withLock { $0 } == ["thumbnail mxc://hs/bomb", "thumbnail mxc://hs/cut", "thumbnail mxc://hs/page", "download mxc://hs/page",
                                         "download mxc://hs/sealed", "thumbnail mxc://hs/fine"],
                "neither the SVG nor the encrypted file past the limit is fetched")
        let lines = app.log.reports.filter { $0.picture != nil }.flatMap { TextRenderer(theme: HostileTextTests.plain).lines(for: $0) }
        #expect(lines.prefix(6) == [
            "        ~2 $svg.png is not drawn: it is not a PNG, JPEG, GIF or WebP picture.",
            "        ~3 $bomb.png is not drawn: it claims 30000 × 30000 pixels, more than a picture may have.",
            "        ~4 $cut.png is not drawn: the file is damaged or cut short.",
            "        ~5 $page.png is not drawn: it is not a PNG, JPEG, GIF or WebP picture.",
            "        ~6 $forged is not drawn: it did not decrypt, so the file on the server is not the one its message describes.",
            "        ~7 $huge is not drawn: it is larger than 10 MB and has no thumbnail; /download saves it.",
        ])
    }

    @Test func anEncryptedImageIsDrawnFromItsEncryptedThumbnailAndCachedStillEncrypted() async throws {
        let png = try Self.fixture("pattern.png")
        let file = AttachmentCipher.encrypt(Data(repeating: 1, count: 100)), thumbnail = AttachmentCipher.encrypt(png)
        let asked = Mutex<[String]>([])
        var media = FakeMediaService()
        media.downloading = { url, _, _ throws(MatrixError) in
            asked.withLock { $0.append(url.description) }
            return url.description == "mxc://hs/thumb" ? thumbnail.ciphertext : file.ciphertext
        }
        let event = Self.image("$secret", at: 2_000, content: [
            "msgtype": "m.image", "body": "secret.png",
            "file": .object(file.keys.jsonFields.merging(["url": "mxc://hs/file"]) { $1 }),
            "info": ["mimetype": "image/png", "size": 100,
                     "thumbnail_file": .object(thumbnail.keys.jsonFields.merging(["url": "mxc://hs/thumb"]) { $1 }),
                     "thumbnail_info": ["mimetype": "image/png", "w": 64, "h": 48]],
        ])
        let app = try await openLobby([event], media: media)
        try await waitUntil { Self.pictures(in: app).count == 1 }

        guard case .drawn? = Self.pictures(in: app).first?.drawing else { Issue.record("\(Self.pictures(in: app))"); return }
        #expect(asked.withLock { $0 } == ["mxc://hs/thumb"], "the thumbnail, not the file")
        let cached = try Data(contentsOf: Self.cacheDirectory(of: app).appending(path: "hs_thumb"))
        #expect(cached == thumbnail.ciphertext, "what the server holds, not the picture")
    }

    @Test func viewDrawsAPictureAsLargeAsTheWindowAndRefusesWhatHasNone() async throws {
        let png = try Self.fixture("scene.png")
        var media = FakeMediaService()
        media.thumbnailing = { _, _, _ throws(MatrixError) in png }
        let app = try await openLobby([Self.plainImage("$cat", url: "mxc://hs/cat")], media: media)
        try await waitUntil { Self.pictures(in: app).count == 1 }

        #expect(await app.state.run(line: "/view ~2"))
        guard case .media(.viewed(let viewed))? = app.log.outcomes.last, case .drawn(let drawn) = viewed.drawing else {
            Issue.record("\(app.log.outcomes)")
            return
        }
        // The 100 × 40 window, less the indent and the prompt's line.
        #expect(drawn.cells.columns == 92 || drawn.cells.rows == 38)
        #expect(drawn.cells.columns <= 92 && drawn.cells.rows <= 38)
        #expect(!(await app.state.run(line: "/view ~1")))
        #expect(!(await app.state.run(line: "/view ~9")))
        #expect(app.log.failures == [.noPicture(reference: "~1"), .unknownMessage("~9")])
    }
}
