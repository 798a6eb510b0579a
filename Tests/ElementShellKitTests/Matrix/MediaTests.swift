import Foundation
import MatrixCrypto
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct MediaTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 1, 0x2C, 0, 0, 0, 0xC8, 8, 6, 0, 0, 0]

    @Test func imageSizesComeFromTheHeaderBytes() {
        #expect(ImageDimensions.of(Self.png).map { [$0.width, $0.height] } == [300, 200])
        let gif = Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0, 0, 0]
        #expect(ImageDimensions.of(gif).map { [$0.width, $0.height] } == [320, 240])
        // SOI, an APP0 segment of 16 bytes, then SOF2 (progressive): length, precision, height 480, width 640.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array(repeating: 0, count: 14)
            + [0xFF, 0xC2, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03]
        #expect(ImageDimensions.of(jpeg).map { [$0.width, $0.height] } == [640, 480])
    }

    @Test func brokenOrForeignHeadersGiveNoSize() {
        #expect(ImageDimensions.of(Array(Self.png.prefix(20))) == nil, "cut off in IHDR")
        #expect(ImageDimensions.of(Array("GIF89a".utf8) + [0, 0, 0, 0]) == nil, "zero width")
        #expect(ImageDimensions.of([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01]) == nil, "a segment length below 2")
        #expect(ImageDimensions.of([0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF, 0x00]) == nil, "a length past the end")
        #expect(ImageDimensions.of([0xFF, 0xD8, 0x00, 0x00, 0x00, 0x00]) == nil, "no marker")
        #expect(ImageDimensions.of(Array("plain text, not an image".utf8)) == nil)
        #expect(ImageDimensions.of([UInt8]()) == nil)
    }

    @Test func contentTypeAndMessageTypeFollowTheExtension() {
        #expect(MediaType.contentType(forFileName: "Cat.PNG") == "image/png")
        #expect(MediaType.contentType(forFileName: "notes.tar.gz") == "application/gzip")
        #expect(MediaType.contentType(forFileName: ".bashrc") == "application/octet-stream")
        #expect(MediaType.contentType(forFileName: "README") == "application/octet-stream")
        #expect(["image/jpeg", "video/mp4", "audio/ogg", "application/pdf", "image/svg+xml"].map(MediaType.msgtype(forContentType:))
                == ["m.image", "m.video", "m.audio", "m.file", "m.file"])
    }

    @Test func contentURIsAreReadStrictly() {
        let media = MediaURL("mxc://example.org:8448/AbC_12-x")
        #expect(media?.serverName == "example.org:8448")
        #expect(media?.mediaID == "AbC_12-x")
        #expect(media?.description == "mxc://example.org:8448/AbC_12-x")
        #expect(MediaURL("mxc://[::1]/media")?.serverName == "[::1]")
        for hostile in ["https://example.org/abc", "mxc://example.org/", "mxc:///abc", "mxc://example.org/../../admin",
                        "mxc://example.org/a/b", "mxc://example.org/a%2Fb", "mxc://exa mple.org/abc", "mxc://example.org/abc?x=1",
                        "mxc://example.org/ab\u{0}c", "mxc://example.org/äbc", "MXC://example.org/abc", "mxc://example.org",
                        "mxc://example.org/" + String(repeating: "a", count: 600)] {
            #expect(MediaURL(hostile) == nil, "\(hostile)")
        }
    }

    @Test func downloadNamesStayPlainFilesHere() {
        #expect(DownloadName.sanitized("cat.png") == "cat.png")
        #expect(DownloadName.sanitized("../../etc/passwd") == "passwd")
        #expect(DownloadName.sanitized("C:\\Windows\\evil.exe") == "evil.exe")
        #expect(DownloadName.sanitized(".bashrc") == "bashrc")
        #expect(DownloadName.sanitized("..") == "download")
        #expect(DownloadName.sanitized("a\u{1B}[31mred\u{202E}gpj.exe\n") == "a[31mredgpj.exe")
        #expect(DownloadName.sanitized("") == "download")
        #expect(DownloadName.sanitized(String(repeating: "x", count: 300)).count == 200)
    }

    @Test func takenNamesGetANumber() {
        let taken: Set = ["cat.png", "cat (1).png", "dir/.hidden", "dir/archive.tar.gz", "README"]
        #expect(DownloadName.unused("dog.png", isTaken: taken.contains) == "dog.png")
        #expect(DownloadName.unused("cat.png", isTaken: taken.contains) == "cat (2).png")
        #expect(DownloadName.unused("dir/.hidden", isTaken: taken.contains) == "dir/.hidden (1)")
        #expect(DownloadName.unused("dir/archive.tar.gz", isTaken: taken.contains) == "dir/archive.tar (1).gz")
        #expect(DownloadName.unused("README", isTaken: taken.contains) == "README (1)")
    }

    @Test func progressShowsEachTenthOfLargeTransfersOnly() {
        var throttle = ProgressThrottle()
        let now = Duration.seconds(100)
        let total: Int64 = 10 << 20
        var shown: [Int64] = []
        for step in Int64(0)...40 {
            let done = total / 40 * step
            if throttle.shouldReport(TransferProgress(done: done, total: total), at: now) { shown.append(done * 10 / total) }
        }
        #expect(shown == Array(1...9))
        var small = ProgressThrottle()
        let smallShown = small.shouldReport(TransferProgress(done: 500, total: 1_000), at: now)
        #expect(!smallShown)
        var unknown = ProgressThrottle()
        let unknownShown = [(2, 0), (3, 500), (4, 1_000)].map { megabytes, milliseconds in
            unknown.shouldReport(TransferProgress(done: Int64(megabytes) << 20, total: 0), at: now + .milliseconds(milliseconds))
        }
        #expect(unknownShown == [true, false, true], "a second apart while the total is unknown")
    }

    /// For a screen reader, ten seconds at least between two lines, whatever the pace.
    @Test func aScreenReaderHearsProgressAtMostEveryTenSeconds() {
        var throttle = ProgressThrottle(minimumInterval: .seconds(10))
        let total: Int64 = 10 << 20
        let shown = (1...9).filter { tenth in
            throttle.shouldReport(TransferProgress(done: total / 10 * Int64(tenth), total: total), at: .seconds(100 + 4 * tenth))
        }
        #expect(shown == [1, 4, 7], "the tenths passed, twelve seconds apart")
        let notice = TransferNotice(direction: .upload, fileName: "photo.jpg", progress: TransferProgress(done: 4 << 20, total: total))
        #expect(L10n.$languageOverride.withValue("en") { TransferText.spokenLine(for: notice) } == "Uploading photo.jpg, 40 percent.")
        #expect(L10n.$languageOverride.withValue("de") { TransferText.spokenLine(for: notice) } == "photo.jpg wird hochgeladen, 40 Prozent.")
    }

    @Test func sizesReadAsPeopleSayThem() {
        L10n.$languageOverride.withValue("en") {
            #expect([0, 999, 34_000, 1_234_567, 12_345_678, 5_000_000_000].map { FileSizeText.text($0) }
                    == ["0 B", "999 B", "34 KB", "1.2 MB", "12 MB", "5.0 GB"])
        }
        L10n.$languageOverride.withValue("de") { #expect(FileSizeText.text(1_234_567) == "1,2 MB") }
    }

    @Test func mediaContentIsReadAndWrittenWithItsInfo() {
        let content: [String: JSONValue] = ["msgtype": "m.image", "body": "a cat", "filename": "cat.png", "url": "mxc://hs/cat",
                                             "info": ["mimetype": "image/png", "size": 34_000, "w": 300, "h": 200]]
        let media = MediaInfo(msgtype: "m.image", content: content)
        #expect(media == MediaInfo(url: "mxc://hs/cat", fileName: "cat.png", mimeType: "image/png", size: 34_000, width: 300, height: 200))
        #expect(MediaInfo(msgtype: "m.text", content: content) == nil)
        #expect(MediaInfo(msgtype: "m.file", content: ["body": "x"]) == nil, "no url: nothing to fetch")
        #expect(media.map { MediaInfo.fromDatabaseValue($0.databaseValue) } == media)

        let entry = OutboxEntry(transactionID: "t1", roomID: "!r:hs", msgtype: "m.image", body: "cat.png", media: media, createdAt: 0)
        #expect(OutgoingContent.content(for: entry) == [
            "msgtype": "m.image", "body": "cat.png", "m.mentions": [:], "url": "mxc://hs/cat", "filename": "cat.png",
            "info": ["mimetype": "image/png", "size": 34_000, "w": 300, "h": 200],
        ])
    }

    /// A sticker is an event type of its own, without a msgtype: it becomes a message whose
    /// msgtype is that type, its picture the media; shown as one.
    @Test func aStickerIsAMessageWithItsPicture() throws {
        let event = SyncEvent(type: "m.sticker", eventID: "$wave", sender: "@bob:hs", originServerTS: 1_000,
                              content: ["body": "a waving cat", "url": "mxc://hs/wave", "info": ["mimetype": "image/png", "w": 128, "h": 128]])
        let record = try #require(MessageRecord(roomID: "!r:hs", event: event))
        #expect(record.msgtype == "m.sticker" && record.body == "a waving cat")
        #expect(record.media == MediaInfo(url: "mxc://hs/wave", mimeType: "image/png", width: 128, height: 128))
        var view = MediaRenderingTests.message
        view.msgtype = "m.sticker"
        view.body = "a waving cat"
        view.media = record.media
        let lines = L10n.$languageOverride.withValue("en") {
            MessageText(theme: Theme(usesColor: false, accent: .named(.green)), now: Date(timeIntervalSince1970: 0), calendar: Calendar(identifier: .gregorian))
                .lines(for: view)
        }
        #expect(lines.first?.hasSuffix("Bob: [sticker] a waving cat") == true, "\(lines)")
    }

    /// A thumbnail in the clear and an encrypted one: read from `info`, kept in the store, sent
    /// back as they came.
    @Test func thumbnailsAreReadInBothForms() throws {
        let keys = AttachmentCipher.encrypt(Data("a small cat".utf8)).keys
        let details: JSONValue = ["mimetype": "image/jpeg", "w": 320, "h": 240, "size": 9_000]
        let plain: JSONValue = ["mimetype": "image/png", "thumbnail_url": "mxc://hs/small", "thumbnail_info": details]
        let sealed: JSONValue = ["thumbnail_file": .object(keys.jsonFields.merging(["url": "mxc://hs/sealed-small"]) { $1 }), "thumbnail_info": details]
        for (info, expected) in [(plain, MediaThumbnail(url: "mxc://hs/small", mimeType: "image/jpeg", width: 320, height: 240, size: 9_000)),
                                 (sealed, MediaThumbnail(url: "mxc://hs/sealed-small", encryption: keys, mimeType: "image/jpeg",
                                                         width: 320, height: 240, size: 9_000))] {
            let media = try #require(MediaInfo(msgtype: "m.image", content: ["body": "cat.png", "url": "mxc://hs/cat", "info": info]))
            #expect(media.thumbnail == expected)
            #expect(MediaInfo.fromDatabaseValue(media.databaseValue) == media)
            let sent = JSONValue.object(media.contentFields)
            #expect(sent["info"]?["thumbnail_url"] == info["thumbnail_url"] && sent["info"]?["thumbnail_file"] == info["thumbnail_file"])
            #expect(sent["info"]?["thumbnail_info"] == details)
            let shown = MediaRenderingTests.json(of: media)["thumbnail"]
            #expect(shown?["url"] == .string(expected.url) && shown?["encrypted"] == .bool(expected.encryption != nil))
            #expect(shown?["w"] == 320 && shown?["h"] == 240 && shown?["mimetype"] == "image/jpeg")
            #expect(!MediaRenderingTests.json(of: media).line.contains(keys.jsonFields["key"]?["k"]?.string ?? "-"), "no key in the output")
        }
        #expect(MediaInfo(msgtype: "m.image", content: ["body": "x", "url": "mxc://hs/x", "info": ["thumbnail_info": details]])?.thumbnail == nil)
    }

    /// An encrypted file's `file` object: its URL and keys are read, kept in the store, and sent
    /// back as they came, with no `url` beside them.
    @Test func encryptedMediaKeepsItsKeys() throws {
        let keys = AttachmentCipher.encrypt(Data("a cat".utf8)).keys
        let file = JSONValue.object(keys.jsonFields.merging(["url": "mxc://hs/sealed"]) { $1 })
        let content: [String: JSONValue] = ["msgtype": "m.image", "body": "cat.png", "file": file, "info": ["mimetype": "image/png"]]
        let media = try #require(MediaInfo(msgtype: "m.image", content: content))
        #expect(media.url == "mxc://hs/sealed" && media.encryption == keys)
        #expect(MediaInfo.fromDatabaseValue(media.databaseValue) == media)
        #expect(!media.storedText.isEmpty && MediaInfo(msgtype: "m.image", content: ["body": "x", "file": ["url": "mxc://hs/x"]]) == nil,
                "a file without usable keys is nothing to fetch")

        let entry = OutboxEntry(transactionID: "t1", roomID: "!r:hs", msgtype: "m.image", body: "cat.png", media: media, createdAt: 0)
        let sent = OutgoingContent.content(for: entry)
        #expect(sent["file"] == file && sent["url"] == nil)
        #expect(MediaRenderingTests.json(of: media)["encrypted"] == true)
        #expect(!MediaRenderingTests.json(of: media).line.contains(keys.jsonFields["key"]?["k"]?.string ?? "-"), "no key in the output")
    }
}

@Suite struct MediaRenderingTests {
    static var message: MessageView {
        var view = MessageView(roomID: "!r:hs", eventID: "$e", transactionID: nil, sender: "@bob:hs", senderName: "Bob", msgtype: "m.image",
                               body: "a cat\u{1B}[2J", timestamp: 0, isPending: false)
        view.reference = 4
        view.media = MediaInfo(url: "mxc://hs/cat", fileName: "cat.png", mimeType: "image/png", size: 34_000, width: 300, height: 200)
        return view
    }

    @Test func aFileIsOneLineWithNameAndSizeAndItsCaptionBelow() {
        let text = L10n.$languageOverride.withValue("en") {
            MessageText(theme: Theme(usesColor: false, accent: .named(.green)), now: Date(timeIntervalSince1970: 0), calendar: Calendar(identifier: .gregorian))
                .lines(for: Self.message)
        }
        #expect(text.count == 2)
        #expect(text[0].hasPrefix("~4 ["))
        #expect(text[0].hasSuffix("] Bob: [image] cat.png (34 KB)"))
        #expect(text[1] == "        a catU+1B[2J", "the caption, indented and sanitized")
    }

    @Test func jsonCarriesTheFile() {
        #expect(MediaRenderingTests.message.json["media"] == [
            "url": "mxc://hs/cat", "encrypted": false, "filename": "cat.png", "mimetype": "image/png", "size": 34_000, "w": 300, "h": 200,
            "thumbnail": nil,
        ])
    }

    static func json(of media: MediaInfo) -> JSONValue {
        var view = message
        view.media = media
        return view.json["media"] ?? nil
    }
}
