/// How large a picture the decoders take. A JPEG or WebP is decoded at the size the drawing
/// needs, so it may claim many pixels; a PNG or GIF is decoded whole, so what it claims is
/// allocated.
public struct ImageLimits: Sendable, Equatable {
    /// What a JPEG or WebP may claim: a phone's 50-megapixel photo passes, a 30,000 × 30,000
    /// bomb does not.
    public var sourcePixels: Int
    /// What any decoder may allocate, four bytes a pixel: 4,096 × 4,096 is 64 MiB.
    public var decodedPixels: Int

    public init(sourcePixels: Int = 64 << 20, decodedPixels: Int = 16 << 20) {
        self.sourcePixels = sourcePixels
        self.decodedPixels = decodedPixels
    }

    func checkSource(_ size: PixelSize) throws(ImageDecodingError) {
        guard size.pixelCount <= sourcePixels else { throw .tooLarge(size) }
    }

    func checkDecoded(_ size: PixelSize) throws(ImageDecodingError) {
        guard size.pixelCount <= decodedPixels else { throw .tooLarge(size) }
    }
}
