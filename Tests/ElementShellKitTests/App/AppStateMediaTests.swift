import Foundation
import MatrixCrypto
import Synchronization
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@MainActor
@Suite struct AppStateMediaTests {
    typealias Messaging = AppStateMessagingTests

    /// The Lobby, where bob has sent a file whose name tries to leave the directory.
    static var lobbyWithFile: SyncResponse {
        var response = Messaging.lobby
        response.rooms.joined["!lobby:hs"]?.timeline.events.append(
            SyncEvent(type: "m.room.message", eventID: "$file", sender: "@bob:hs", originServerTS: 2_000,
                      content: ["msgtype": "m.file", "body": "../notes.txt", "url": "mxc://hs/notes",
                                "info": ["mimetype": "text/plain", "size": 5]]))
        return response
    }

    func openLobby(media: FakeMediaService) async throws -> AppHarness {
        let app = AppHarness(sync: AppStateTimelineTests.responses([Self.lobbyWithFile], after: Messaging.Gate()),
                             send: { _ throws(MatrixError) in
                                 await suspendUntilCancelled()
                                 throw .transport(.cancelled)
                             }, mediaService: media)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        return app
    }

    @Test func anUploadedImageIsQueuedWithItsTypeSizeAndDimensions() async throws {
        let uploaded = Mutex<(fileName: String, contentType: String, bytes: Int)?>(nil)
        var media = FakeMediaService()
        media.uploading = { data, fileName, contentType, _ throws(MatrixError) in
            uploaded.withLock { $0 = (fileName, contentType, data.count) }
            return MediaURL("mxc://hs/cat")!
        }
        let app = try await openLobby(media: media)
        let file = app.directory.url.appending(path: "cat.png")
        try Data(MediaTests.png).write(to: file)

        #expect(await app.state.run(line: "/upload \(file.path)"))
        #expect(uploaded.withLock { $0?.fileName } == "cat.png")
        #expect(uploaded.withLock { $0?.contentType } == "image/png")
        guard case .message(.queued(let pending))? = app.log.outcomes.last else { Issue.record("not queued"); return }
        let expected = MediaInfo(url: "mxc://hs/cat", fileName: "cat.png", mimeType: "image/png", size: MediaTests.png.count, width: 300, height: 200)
        #expect(pending.media == expected)
        #expect(pending.msgtype == "m.image")
        let entries = try await #require(app.state.store).outbox()
        #expect(entries.map(\.media) == [expected], "the outbox keeps the file for the send, across restarts")
        #expect(entries.map(\.body) == ["cat.png"])
    }

    @Test func uploadsOfWhatIsNoFileOrTooLargeAreRefusedBeforeSending() async throws {
        var media = FakeMediaService()
        media.limit = { () throws(MatrixError) in 10 }
        media.uploading = { _, _, _, _ throws(MatrixError) in throw .forbidden(message: "no") }
        let app = try await openLobby(media: media)
        let large = app.directory.url.appending(path: "large.bin"), small = app.directory.url.appending(path: "small.txt")
        try Data(count: 11).write(to: large)
        try Data("hello".utf8).write(to: small)

        #expect(!(await app.state.run(line: "/upload \(app.directory.url.path)")))
        #expect(!(await app.state.run(line: "/upload \(app.directory.url.path)/missing")))
        #expect(!(await app.state.run(line: "/upload \(large.path)")))
        #expect(!(await app.state.run(line: "/upload \(small.path)")))
        #expect(app.log.failures == [.notAFile(path: app.directory.url.path), .fileUnreadable(path: app.directory.url.path + "/missing"),
                                     .fileTooLarge(path: large.path, limit: 10), .matrix(.forbidden(message: "no"))])
        #expect(try await #require(app.state.store).outbox().isEmpty)
    }

    @Test func aDownloadTakesASafeNameAndNeverReplacesAFileUnasked() async throws {
        let asked = Mutex<[String]>([])
        var media = FakeMediaService()
        media.downloading = { url, _, _ throws(MatrixError) in
            asked.withLock { $0.append(url.description) }
            return Data("hello".utf8)
        }
        let app = try await openLobby(media: media)
        guard case .room(.opened(_, let shown, _, _))? = app.log.outcomes.last else { Issue.record("not opened"); return }
        #expect(shown.last?.media == MediaInfo(url: "mxc://hs/notes", mimeType: "text/plain", size: 5))
        let folder = app.directory.url.path

        #expect(await app.state.run(line: "/download ~2 \(folder)"))
        #expect(await app.state.run(line: "/download ~2 \(folder)/"))
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/kept.txt"))
        #expect(await app.state.run(line: "/download! ^ \(folder)/kept.txt"))
        #expect(asked.withLock { $0 } == Array(repeating: "mxc://hs/notes", count: 3))
        #expect(app.log.outcomes.suffix(3) == [.media(.downloaded(path: folder + "/notes.txt", size: 5)), .media(.downloaded(path: folder + "/notes (1).txt", size: 5)),
                                               .media(.downloaded(path: folder + "/kept.txt", size: 5))])
        for name in ["notes.txt", "notes (1).txt", "kept.txt"] {
            #expect(FileManager.default.contents(atPath: folder + "/" + name) == Data("hello".utf8))
        }
    }

    /// An encrypted attachment opens with its message's keys; bytes that are not the ones its
    /// hash describes (the server swapped or damaged them) are refused, and nothing is written.
    @Test func anEncryptedAttachmentOpensOnlyAsItsMessageDescribesIt() async throws {
        let (ciphertext, keys) = AttachmentCipher.encrypt(Data("sealed".utf8))
        var response = Messaging.lobby
        response.rooms.joined["!lobby:hs"]?.timeline.events.append(
            SyncEvent(type: "m.room.message", eventID: "$sealed", sender: "@bob:hs", originServerTS: 2_000,
                      content: ["msgtype": "m.file", "body": "sealed.txt",
                                "file": .object(keys.jsonFields.merging(["url": "mxc://hs/sealed"]) { $1 })]))
        let served = Mutex(ciphertext)
        var media = FakeMediaService()
        media.downloading = { _, _, _ throws(MatrixError) in served.withLock { $0 } }
        let app = AppHarness(sync: AppStateTimelineTests.responses([response], after: Messaging.Gate()), mediaService: media)
        await app.state.run(line: "/login matrix.org alice")
        try await waitUntil { app.state.syncStatus == .live }
        await app.state.run(line: "/open Lobby")
        let folder = app.directory.url.path

        #expect(await app.state.run(line: "/download ^ \(folder)/opened.txt"))
        #expect(FileManager.default.contents(atPath: folder + "/opened.txt") == Data("sealed".utf8))
        served.withLock { $0[0] ^= 1 }
        #expect(!(await app.state.run(line: "/download ^ \(folder)/damaged.txt")))
        #expect(app.log.failures == [.attachmentDamaged(name: "sealed.txt")])
        #expect(!FileManager.default.fileExists(atPath: folder + "/damaged.txt"))
    }

    @Test func downloadsOfMessagesWithoutAFileOrFromAFailingServerAreRefused() async throws {
        let app = try await openLobby(media: FakeMediaService())
        #expect(!(await app.state.run(line: "/download ~1")))
        #expect(!(await app.state.run(line: "/download ~9")))
        #expect(!(await app.state.run(line: "/download ~2 \(app.directory.url.path)")))
        #expect(app.log.failures == [.noMedia(reference: "~1"), .unknownMessage("~9"), .matrix(.notFound)])
        #expect(!FileManager.default.fileExists(atPath: app.directory.url.path + "/notes.txt"))
    }
}
