import CSpng

/// PNG through libspng, always whole: the format cannot be decoded smaller. The header's size is
/// checked before anything is allocated, and damaged or short files (a bad checksum, a missing
/// end) are refused.
enum PNGDecoding {
    static func decode(_ input: UnsafeBufferPointer<UInt8>, limits: ImageLimits) throws(ImageDecodingError) -> Bitmap {
        guard let context = spng_ctx_new(0) else { throw .undecodable(.png) }
        defer { spng_ctx_free(context) }
        // Ancillary chunks (text, profiles) are skipped, so their size is capped low.
        spng_set_chunk_limits(context, 1 << 20, 4 << 20)
        guard spng_set_png_buffer(context, input.baseAddress, input.count) == 0 else { throw .undecodable(.png) }
        var header = spng_ihdr()
        guard spng_get_ihdr(context, &header) == 0 else { throw .undecodable(.png) }
        let size = PixelSize(width: Int(header.width), height: Int(header.height))
        try limits.checkSource(size)
        try limits.checkDecoded(size)
        var length = 0
        let format = Int32(SPNG_FMT_RGBA8.rawValue)
        guard spng_decoded_image_size(context, format, &length) == 0, length == size.pixelCount * 4 else {
            throw .undecodable(.png)
        }
        var rgba = [UInt8](repeating: 0, count: length)
        let status = rgba.withUnsafeMutableBytes { pixels in
            spng_decode_image(context, pixels.baseAddress, length, format, Int32(SPNG_DECODE_TRNS.rawValue))
        }
        guard status == 0 else { throw .undecodable(.png) }
        return Bitmap(width: size.width, height: size.height, rgba: rgba)
    }
}
