import CTurboJPEG

/// JPEG through libturbojpeg, scaled while decoding (by 1/8 to 2) to the smallest size that still
/// fills the box: a 12-megapixel photo for a 40-column box decodes at an eighth.
enum JPEGDecoding {
    static func decode(_ input: UnsafeBufferPointer<UInt8>, filling box: PixelSize?, limits: ImageLimits) throws(ImageDecodingError) -> Bitmap {
        guard let handle = tjInitDecompress() else { throw .undecodable(.jpeg) }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, input.baseAddress, UInt(input.count), &width, &height, &subsampling, &colorspace) == 0 else {
            throw .undecodable(.jpeg)
        }
        let source = PixelSize(width: Int(width), height: Int(height))
        try limits.checkSource(source)
        let size = decodedSize(of: source, filling: box)
        try limits.checkDecoded(size)
        var rgba = [UInt8](repeating: 0, count: size.pixelCount * 4)
        // A warning (a file cut short, filled in grey) stops the decoding too: half a picture is
        // not what was sent.
        let status = rgba.withUnsafeMutableBufferPointer { pixels in
            tjDecompress2(handle, input.baseAddress, UInt(input.count), pixels.baseAddress, Int32(size.width), 0,
                          Int32(size.height), Int32(TJPF_RGBA.rawValue), TJFLAG_STOPONWARNING)
        }
        guard status == 0 else { throw .undecodable(.jpeg) }
        return Bitmap(width: size.width, height: size.height, rgba: rgba)
    }

    /// The smallest of libturbojpeg's scaling factors that fills what `source` becomes in `box`.
    private static func decodedSize(of source: PixelSize, filling box: PixelSize?) -> PixelSize {
        guard let box else { return source }
        let needed = source.fitting(in: box)
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return source }
        return UnsafeBufferPointer(start: factors, count: Int(count))
            .map { factor in
                PixelSize(width: scaled(source.width, factor), height: scaled(source.height, factor))
            }
            .filter { $0.contains(needed) }
            .min { $0.pixelCount < $1.pixelCount } ?? source
    }

    /// TJSCALED, which does not cross into Swift.
    private static func scaled(_ dimension: Int, _ factor: tjscalingfactor) -> Int {
        (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }
}
