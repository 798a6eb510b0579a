import Foundation
import MatrixCrypto
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// MSC4095's bundled link previews: read under either name, kept in the store, sent under the
/// unstable name, shown under their message.
@Suite struct LinkPreviewTests {
    static let page: JSONValue = [
        "matched_url": "https://matrix.org", "og:url": "https://matrix.org/", "og:title": "Matrix.org", "og:site_name": "Matrix",
        "og:description": "Matrix, the open protocol\nfor secure   decentralised communications", "og:image": "mxc://maunium.net/zeHh",
        "og:image:width": 800, "og:image:height": 400, "og:image:type": "image/jpeg", "matrix:image:size": 16588,
    ]

    static func event(_ content: [String: JSONValue]) -> SyncEvent {
        SyncEvent(type: "m.room.message", eventID: "$p", sender: "@bob:hs", originServerTS: 1, content: .object(content))
    }

    @Test func aBundleIsReadUnderEitherNameAndItsEntriesAsTheyCome() throws {
        let keys = AttachmentCipher.encrypt(Data("thumb".utf8)).keys
        let sealed: JSONValue = ["matrix:matched_url": "https://secret.example", "og:title": "Secret",
                                 "matrix:image:encryption": .object(keys.jsonFields.merging(["url": "mxc://hs/sealed"]) { $1 })]
        let stable = try #require(MessageRecord(roomID: "!r", event: Self.event(["msgtype": "m.text", "body": "see https://matrix.org",
                                                                                 "m.url_previews": [Self.page, sealed]])))
        let page = try #require(stable.previews?.first)
        #expect(page == LinkPreview(matchedURL: "https://matrix.org", url: "https://matrix.org/", title: "Matrix.org", siteName: "Matrix",
                                    summary: "Matrix, the open protocol\nfor secure   decentralised communications",
                                    image: MediaThumbnail(url: "mxc://maunium.net/zeHh", mimeType: "image/jpeg", width: 800, height: 400, size: 16588)))
        #expect(stable.previews?.last?.image == MediaThumbnail(url: "mxc://hs/sealed", encryption: keys))

        let unstable = try #require(MessageRecord(roomID: "!r", event: Self.event(["msgtype": "m.text", "body": "x",
                                                                                   "com.beeper.linkpreviews": [Self.page]])))
        #expect(unstable.previews == [page])
        // Only an address asks the reader's server for the preview: not done here. An empty bundle
        // says there is none.
        let askingServer = MessageRecord(roomID: "!r", event: Self.event(["msgtype": "m.text", "body": "x", "m.url_previews": [["matched_url": "https://a.example"]]]))
        #expect(askingServer?.previews == nil)
        #expect(MessageRecord(roomID: "!r", event: Self.event(["msgtype": "m.text", "body": "x", "m.url_previews": []]))?.previews == nil)
        let many = JSONValue.array(Array(repeating: Self.page, count: 10))
        #expect(MessageRecord(roomID: "!r", event: Self.event(["msgtype": "m.text", "body": "x", "m.url_previews": many]))?.previews?.count == 3)
    }

    @Test func theStoreKeepsThemAndARedactionDropsThem() async throws {
        let directory = TemporaryDirectory()
        let store = try StoreWriter(url: directory.url.appending(path: "store.sqlite"))
        let message = try #require(MessageRecord(roomID: "!r", event: Self.event(["msgtype": "m.text", "body": "x", "m.url_previews": [Self.page]])))
        try await store.apply(SyncBatch(rooms: [RoomChange(roomID: "!r", membership: .join)], messages: [message]), position: .nextBatch("s1"))
        let stored = try await store.message(eventID: "$p")
        #expect(stored?.previews == message.previews && stored?.previews?.count == 1)
    }

    @Test func ourBundleGoesUnderTheUnstableNameWithItsImageEncryptedOrNot() {
        let keys = AttachmentCipher.encrypt(Data("thumb".utf8)).keys
        var previews = [LinkPreview(matchedURL: "https://a.example", title: "A", image: MediaThumbnail(url: "mxc://hs/a", width: 2, height: 1))]
        previews.append(LinkPreview(matchedURL: "https://b.example", summary: "B", image: MediaThumbnail(url: "mxc://hs/b", encryption: keys, size: 9)))
        var entry = OutboxEntry(transactionID: "t", roomID: "!r", msgtype: "m.text", body: "https://a.example https://b.example", createdAt: 0)
        entry.previews = previews
        let sent = OutgoingContent.content(for: entry)
        #expect(sent["m.url_previews"] == nil)
        #expect(sent["com.beeper.linkpreviews"] == [
            ["matched_url": "https://a.example", "og:title": "A", "og:image": "mxc://hs/a", "og:image:width": 2, "og:image:height": 1],
            ["matched_url": "https://b.example", "og:description": "B", "matrix:image:size": 9,
             "beeper:image:encryption": .object(keys.jsonFields.merging(["url": "mxc://hs/b"]) { $1 })],
        ])
        let read = MessageRecord(roomID: "!r", event: Self.event(sent.object ?? [:]))
        #expect(read?.previews == previews, "what it sends reads back the same")
    }

    @Test func aPreviewIsTitleAndSiteThenTwoLinesOfItsPageMarkedAsTheSenders() throws {
        var view = MediaRenderingTests.message
        view.media = nil
        view.msgtype = "m.text"
        view.body = "see https://matrix.org"
        view.previews = [try #require(LinkPreview(json: Self.page)), LinkPreview(matchedURL: "https://b.example/x", summary: String(repeating: "words ", count: 40))]
        let lines = L10n.$languageOverride.withValue("en") {
            MessageText(theme: Theme(usesColor: false, accent: .named(.green)), width: 60, now: Date(timeIntervalSince1970: 0),
                        calendar: Calendar(identifier: .gregorian)).lines(for: view)
        }
        #expect(Array(lines.dropFirst()) == [
            "        ┃ Matrix.org · Matrix",
            "        ┃ Matrix, the open protocol for secure decentralised",
            "        ┃ communications",
            "        ┃ https://b.example/x · b.example",
            "        ┃ words words words words words words words words",
            "        ┃ words words words words words words words words …",
        ])
    }
}
