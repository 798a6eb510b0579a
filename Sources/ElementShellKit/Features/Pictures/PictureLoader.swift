import Foundation
import MatrixClient
import MatrixCrypto
import TerminalGraphics

/// One picture from the homeserver (or the cache) to the terminal's bytes: fetched, opened with
/// its keys, decoded at about the size it is drawn at, drawn. Runs off the main actor; what it
/// holds is let go once the picture is drawn.
struct PictureLoader: Sendable {
    let media: any MediaService
    let cache: PictureCache?
    var decoder = ImageDecoder()

    /// The picture drawn, or why it is not.
    func drawing(of source: Result<PictureSource, PictureProblem>, with drawing: PictureDrawing, in box: CellBox) async -> ShownPicture.Drawing {
        do {
            return .drawn(try await picture(of: source.get(), drawnWith: drawing, in: box))
        } catch {
            return .failed(error)
        }
    }

    func picture(of source: PictureSource, drawnWith drawing: PictureDrawing, in box: CellBox) async throws(PictureProblem) -> TerminalPicture {
        let bytes = try await opened(source)
        let bitmap: Bitmap
        do {
            bitmap = try decoder.decode(Array(bytes), filling: drawing.pixels(for: box))
        } catch {
            switch error {
            case .unsupportedFormat: throw .notAPicture
            case .tooLarge(let size): throw .tooManyPixels(width: size.width, height: size.height)
            case .undecodable: throw .damaged
            }
        }
        return drawing.draw(bitmap, in: box)
    }

    /// The picture's file as its sender made it.
    private func opened(_ source: PictureSource) async throws(PictureProblem) -> Data {
        let fetched = try await fetched(source)
        guard let keys = source.encryption else { return fetched }
        do {
            return try AttachmentCipher.decrypt(fetched, with: keys)
        } catch {
            throw .notDecrypted
        }
    }

    private func fetched(_ source: PictureSource) async throws(PictureProblem) -> Data {
        if let cached = cache?.bytes(for: source.cacheName) { return cached }
        let data: Data
        do {
            switch source.fetch {
            case .scaledByServer(let size):
                do {
                    data = try await media.thumbnail(source.url, width: size.width, height: size.height, maximumBytes: PictureSource.wholeFileLimit)
                } catch where Self.hasNoThumbnail(error) {
                    // The server makes none of what it cannot read (a web page sent as a picture);
                    // the file itself tells what it is.
                    data = try await media.download(source.url, maximumBytes: PictureSource.wholeFileLimit, progress: nil)
                }
            case .whole(let maximumBytes):
                data = try await media.download(source.url, maximumBytes: maximumBytes, progress: nil)
            }
        } catch .transport(.responseTooLarge) {
            throw .tooLargeToFetch(limit: PictureSource.wholeFileLimit)
        } catch {
            throw .unreachable(error)
        }
        cache?.store(data, for: source.cacheName)
        return data
    }

    private static func hasNoThumbnail(_ error: MatrixError) -> Bool {
        switch error {
        case .notFound: true
        case .server(_, _, let status): (400..<500).contains(status) && status != 429
        default: false
        }
    }
}
