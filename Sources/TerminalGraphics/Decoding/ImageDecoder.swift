/// Bytes to pixels, for PNG, JPEG, GIF (its first frame) and WebP (its first frame), through
/// each format's own library: libspng, libturbojpeg, giflib and libwebp, which measured faster
/// than gdk-pixbuf and libvips (BENCHMARKS.md, "Decoding a picture"). Refuses what claims too
/// many pixels before allocating them. Safe to use from any thread.
public struct ImageDecoder: Sendable {
    public var limits: ImageLimits

    public init(limits: ImageLimits = ImageLimits()) {
        self.limits = limits
    }

    /// The picture in `bytes`. A JPEG or WebP is decoded at the smallest size its decoder offers
    /// that still fills `box` (the largest the drawing will show), or whole without one; the
    /// others are always decoded whole.
    public func decode(_ bytes: [UInt8], filling box: PixelSize? = nil) throws(ImageDecodingError) -> Bitmap {
        guard let format = ImageFormat(sniffing: bytes) else { throw .unsupportedFormat }
        return try bytes.withUnsafeBufferPointer { (input) throws(ImageDecodingError) -> Bitmap in
            switch format {
            case .png: try PNGDecoding.decode(input, limits: limits)
            case .jpeg: try JPEGDecoding.decode(input, filling: box, limits: limits)
            case .gif: try GIFDecoding.decode(input, limits: limits)
            case .webp: try WebPDecoding.decode(input, filling: box, limits: limits)
            }
        }
    }
}
