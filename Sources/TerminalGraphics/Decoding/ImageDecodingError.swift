/// Why a picture was not decoded. None of them is the reader's fault or worth more than a line.
public enum ImageDecodingError: Error, Equatable, Sendable {
    /// Not a PNG, JPEG, GIF or WebP, whatever its mimetype said (an SVG, a document, noise).
    case unsupportedFormat
    /// It claims more pixels than `ImageLimits` allow, as a decompression bomb does; refused
    /// before anything of that size is allocated.
    case tooLarge(PixelSize)
    /// The format's decoder gave up: the file is cut short or damaged.
    case undecodable(ImageFormat)
}
