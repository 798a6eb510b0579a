import Foundation
import MatrixCrypto
import Testing
import TerminalGraphics
@testable import ElementShellKit
@testable import MatrixClient

/// Which file stands for a message's picture: the server's scaled copy where it can read the
/// picture, the sender's encrypted thumbnail (or the file, within a limit) where it cannot; a
/// video only by its thumbnail, a file or a sound never, an SVG never fetched.
@Suite struct PictureSourceTests {
    static let pixels = PixelSize(width: 320, height: 96)
    static let keys = AttachmentCipher.encrypt(Data("x".utf8)).keys

    static func source(_ msgtype: String, _ media: MediaInfo) -> Result<PictureSource, PictureProblem>? {
        PictureSource.of(msgtype: msgtype, media: media, pixels: pixels)
    }

    @Test func imagesAndStickersInTheClearAreScaledByTheServer() {
        for msgtype in ["m.image", "m.sticker"] {
            let source = Self.source(msgtype, MediaInfo(url: "mxc://hs/cat", mimeType: "image/png",
                                                        thumbnail: MediaThumbnail(url: "mxc://hs/small")))
            #expect(source == .success(PictureSource(url: MediaURL("mxc://hs/cat")!, encryption: nil, fetch: .scaledByServer(Self.pixels))))
        }
        #expect(Self.source("m.image", MediaInfo(url: "mxc://hs/cat", mimeType: "image/svg+xml")) == .failure(.notAPicture))
        #expect(Self.source("m.image", MediaInfo(url: "https://hs/cat")) == .failure(.notAPicture), "not an mxc:// address")
    }

    @Test func encryptedPicturesComeFromTheirThumbnailOrTheWholeFileWithinTheLimit() {
        let thumbnail = MediaThumbnail(url: "mxc://hs/thumb", encryption: Self.keys)
        let withThumbnail = MediaInfo(url: "mxc://hs/file", encryption: Self.keys, size: 50 << 20, thumbnail: thumbnail)
        #expect(Self.source("m.image", withThumbnail)
            == .success(PictureSource(url: MediaURL("mxc://hs/thumb")!, encryption: Self.keys, fetch: .whole(maximumBytes: PictureSource.wholeFileLimit))))
        #expect(Self.source("m.image", MediaInfo(url: "mxc://hs/file", encryption: Self.keys, size: 1000))
            == .success(PictureSource(url: MediaURL("mxc://hs/file")!, encryption: Self.keys, fetch: .whole(maximumBytes: PictureSource.wholeFileLimit))))
        #expect(Self.source("m.image", MediaInfo(url: "mxc://hs/file", encryption: Self.keys, size: 50 << 20))
            == .failure(.tooLargeToFetch(limit: PictureSource.wholeFileLimit)))
    }

    @Test func aVideoShowsOnlyItsThumbnailAndFilesAndSoundsNothing() {
        #expect(Self.source("m.video", MediaInfo(url: "mxc://hs/film", thumbnail: MediaThumbnail(url: "mxc://hs/still")))
            == .success(PictureSource(url: MediaURL("mxc://hs/still")!, encryption: nil, fetch: .scaledByServer(Self.pixels))))
        #expect(Self.source("m.video", MediaInfo(url: "mxc://hs/film", encryption: Self.keys,
                                                 thumbnail: MediaThumbnail(url: "mxc://hs/still", encryption: Self.keys)))
            == .success(PictureSource(url: MediaURL("mxc://hs/still")!, encryption: Self.keys, fetch: .whole(maximumBytes: PictureSource.wholeFileLimit))))
        #expect(Self.source("m.video", MediaInfo(url: "mxc://hs/film")) == nil)
        #expect(Self.source("m.file", MediaInfo(url: "mxc://hs/doc", mimeType: "image/png")) == nil)
        #expect(Self.source("m.audio", MediaInfo(url: "mxc://hs/song")) == nil)
    }

    @Test func cachedFilesAreNamedByWhatWasFetchedAndAtWhatSize() {
        let scaled = PictureSource(url: MediaURL("mxc://[::1]:8448/abc")!, encryption: nil, fetch: .scaledByServer(Self.pixels))
        #expect(scaled.cacheName == "+++1++8448_abc_320x96")
        #expect(PictureSource(url: MediaURL("mxc://hs.example/abc")!, encryption: nil, fetch: .whole(maximumBytes: 1)).cacheName == "hs.example_abc")
    }

    /// Past its limit the cache lets go of what was drawn least recently, down to three quarters.
    @Test func theCacheKeepsToItsLimitDroppingTheLeastRecentlyUsed() throws {
        let directory = TemporaryDirectory()
        let cache = PictureCache(directory: directory.url.appending(path: "pictures"), limit: 4000)
        for name in ["a", "b", "c"] {
            cache.store(Data(repeating: 1, count: 1000), for: name)
            // Modification times a second apart, so their order is certain.
            let url = directory.url.appending(path: "pictures/\(name)")
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(["a": 1, "b": 2, "c": 3][name]!) * 1000)],
                                                  ofItemAtPath: url.path)
        }
        #expect(cache.bytes(for: "a") != nil, "a is used now, so newest")
        cache.store(Data(repeating: 2, count: 1500), for: "d")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.url.appending(path: "pictures").path).sorted()
        #expect(left == ["a", "d"], "b and c, least recently used, went until 3,000 bytes were left")
        cache.store(Data(repeating: 3, count: 5000), for: "huge")
        #expect(cache.bytes(for: "huge") == nil, "larger than the whole cache: not kept")
    }
}
