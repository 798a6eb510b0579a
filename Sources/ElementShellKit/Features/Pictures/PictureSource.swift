import MatrixClient
import MatrixCrypto
import TerminalGraphics

/// Which file stands for a message's picture, and how it is fetched: scaled by the homeserver
/// where it can see the picture, or whole and decrypted here where it cannot. The sender's
/// thumbnail comes first in an encrypted room; the file itself only up to `wholeFileLimit`.
struct PictureSource: Sendable, Equatable {
    enum Fetch: Sendable, Equatable {
        /// The authenticated thumbnail endpoint, at about this size.
        case scaledByServer(PixelSize)
        /// The file as stored, refused past this many bytes.
        case whole(maximumBytes: Int)
    }

    let url: MediaURL
    /// Its keys, when the file is encrypted.
    let encryption: AttachmentKeys?
    let fetch: Fetch

    /// The most an encrypted picture without a thumbnail may weigh to be fetched for drawing.
    static let wholeFileLimit = 10 << 20

    /// What to fetch to draw `media` at about `pixels`; nil when the message has no picture (a
    /// file, audio, a video without a thumbnail), a problem when it cannot have one.
    static func of(msgtype: String, media: MediaInfo, pixels: PixelSize) -> Result<PictureSource, PictureProblem>? {
        switch msgtype {
        case "m.image", MessageRecord.stickerType:
            if media.mimeType?.lowercased().hasPrefix("image/svg") == true { return .failure(.notAPicture) }
            // Where the server cannot scale it, the sender's smaller picture is the one to fetch.
            if let thumbnail = media.thumbnail, thumbnail.encryption != nil { return of(thumbnail, pixels: pixels) }
            return picture(media.url, encryption: media.encryption, size: media.size, pixels: pixels)
        case "m.video":
            return media.thumbnail.map { of($0, pixels: pixels) }
        default:
            return nil
        }
    }

    /// What to fetch to draw a smaller picture: a message's thumbnail, a link preview's image.
    static func of(_ thumbnail: MediaThumbnail, pixels: PixelSize) -> Result<PictureSource, PictureProblem> {
        picture(thumbnail.url, encryption: thumbnail.encryption, size: thumbnail.size, pixels: pixels)
    }

    /// Scaled by the server when it can read the file; whole and decrypted here, within the
    /// limit, when it cannot.
    private static func picture(_ url: String, encryption: AttachmentKeys?, size: Int?, pixels: PixelSize) -> Result<PictureSource, PictureProblem> {
        guard let keys = encryption else { return source(url, nil, .scaledByServer(pixels)) }
        if let size, size > wholeFileLimit { return .failure(.tooLargeToFetch(limit: wholeFileLimit)) }
        return source(url, keys, .whole(maximumBytes: wholeFileLimit))
    }

    private static func source(_ url: String, _ keys: AttachmentKeys?, _ fetch: Fetch) -> Result<PictureSource, PictureProblem> {
        guard let url = MediaURL(url) else { return .failure(.notAPicture) }
        return .success(PictureSource(url: url, encryption: keys, fetch: fetch))
    }

    /// The file name its bytes are cached under: what was fetched and at what size. A media ID
    /// is letters, digits, `_` and `-`; of a server name only `:`, `[` and `]` need replacing.
    var cacheName: String {
        let server = String(url.serverName.map { ":[]".contains($0) ? "+" : $0 })
        return switch fetch {
        case .scaledByServer(let size): "\(server)_\(url.mediaID)_\(size.width)x\(size.height)"
        case .whole: "\(server)_\(url.mediaID)"
        }
    }
}
