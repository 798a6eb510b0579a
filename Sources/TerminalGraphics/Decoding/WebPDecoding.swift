import CWebP

/// WebP through libwebp. A still picture is scaled while decoding to the size that fills the box;
/// an animated one is decoded by libwebp's demuxer, whole, for its first frame.
enum WebPDecoding {
    static func decode(_ input: UnsafeBufferPointer<UInt8>, filling box: PixelSize?, limits: ImageLimits) throws(ImageDecodingError) -> Bitmap {
        var features = WebPBitstreamFeatures()
        guard WebPGetFeatures(input.baseAddress, input.count, &features) == VP8_STATUS_OK else { throw .undecodable(.webp) }
        let source = PixelSize(width: Int(features.width), height: Int(features.height))
        try limits.checkSource(source)
        if features.has_animation != 0 {
            return try firstFrame(input, size: source, limits: limits)
        }
        let size = box.map { source.fitting(in: $0) } ?? source
        try limits.checkDecoded(size)
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw .undecodable(.webp) }
        if size != source {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(size.width)
            config.options.scaled_height = Int32(size.height)
        }
        var rgba = [UInt8](repeating: 0, count: size.pixelCount * 4)
        let status = rgba.withUnsafeMutableBufferPointer { pixels in
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = pixels.baseAddress
            config.output.u.RGBA.stride = Int32(size.width * 4)
            config.output.u.RGBA.size = pixels.count
            return WebPDecode(input.baseAddress, input.count, &config)
        }
        guard status == VP8_STATUS_OK else { throw .undecodable(.webp) }
        return Bitmap(width: size.width, height: size.height, rgba: rgba)
    }

    private static func firstFrame(_ input: UnsafeBufferPointer<UInt8>, size: PixelSize, limits: ImageLimits) throws(ImageDecodingError) -> Bitmap {
        try limits.checkDecoded(size)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw .undecodable(.webp) }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var data = WebPData(bytes: input.baseAddress, size: input.count)
        guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw .undecodable(.webp) }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        var frame: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, Int(info.canvas_width) == size.width, Int(info.canvas_height) == size.height,
              WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
            throw .undecodable(.webp)
        }
        return Bitmap(width: size.width, height: size.height, rgba: Array(UnsafeBufferPointer(start: frame, count: size.pixelCount * 4)))
    }
}
