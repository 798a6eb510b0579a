import MatrixClient

/// Why a message's picture is not drawn: each is a line under the message, never more.
public enum PictureProblem: Error, Sendable, Equatable {
    /// Not a PNG, JPEG, GIF or WebP, whatever its mimetype said: an SVG, a web page, noise.
    case notAPicture
    /// It claims more pixels than a picture may have, as a decompression bomb does.
    case tooManyPixels(width: Int, height: Int)
    /// Cut short or damaged.
    case damaged
    /// Its keys do not open it: the file on the server is not the one the message describes.
    case notDecrypted
    /// An encrypted file without a thumbnail, too large to fetch only to draw it; `/download` saves it.
    case tooLargeToFetch(limit: Int)
    /// The homeserver did not give it.
    case unreachable(MatrixError)
}
