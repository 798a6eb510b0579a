import CGif

/// GIF through giflib: the first frame on a canvas of the logical screen's size, transparent
/// where the frame does not reach or names its transparent colour. Later frames are not read.
enum GIFDecoding {
    static func decode(_ input: UnsafeBufferPointer<UInt8>, limits: ImageLimits) throws(ImageDecodingError) -> Bitmap {
        let reader = Reader(input: input)
        var error: Int32 = 0
        let opened = withExtendedLifetime(reader) {
            DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), { file, into, count in
                guard let file, let into, let userData = file.pointee.UserData else { return 0 }
                return Unmanaged<Reader>.fromOpaque(userData).takeUnretainedValue().read(into: into, count: Int(count))
            }, &error)
        }
        guard let file = opened else { throw .undecodable(.gif) }
        defer { DGifCloseFile(file, &error) }
        return try withExtendedLifetime(reader) { () throws(ImageDecodingError) -> Bitmap in
            try firstFrame(of: file, limits: limits)
        }
    }

    private static func firstFrame(of file: UnsafeMutablePointer<GifFileType>, limits: ImageLimits) throws(ImageDecodingError) -> Bitmap {
        let size = PixelSize(width: Int(file.pointee.SWidth), height: Int(file.pointee.SHeight))
        guard size.width > 0, size.height > 0 else { throw .undecodable(.gif) }
        try limits.checkSource(size)
        try limits.checkDecoded(size)
        var transparentIndex: Int32 = NO_TRANSPARENT_COLOR
        var record = UNDEFINED_RECORD_TYPE
        repeat {
            guard DGifGetRecordType(file, &record) == GIF_OK else { throw .undecodable(.gif) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(file, &code, &block) == GIF_OK else { throw .undecodable(.gif) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block {
                    var control = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
                        transparentIndex = control.TransparentColor
                    }
                }
                while block != nil {
                    guard DGifGetExtensionNext(file, &block) == GIF_OK else { throw .undecodable(.gif) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(file) == GIF_OK else { throw .undecodable(.gif) }
                return try readFrame(of: file, canvas: size, transparentIndex: Int(transparentIndex))
            default:
                break
            }
        } while record != TERMINATE_RECORD_TYPE
        throw .undecodable(.gif)
    }

    /// The frame's rows onto a transparent canvas, in the order an interlaced frame sends them.
    private static func readFrame(of file: UnsafeMutablePointer<GifFileType>, canvas: PixelSize, transparentIndex: Int) throws(ImageDecodingError) -> Bitmap {
        let frame = file.pointee.Image
        guard let colours = (frame.ColorMap ?? file.pointee.SColorMap)?.pointee, let palette = colours.Colors else {
            throw .undecodable(.gif)
        }
        let width = Int(frame.Width), height = Int(frame.Height)
        guard width > 0, height > 0 else { throw .undecodable(.gif) }
        var rgba = [UInt8](repeating: 0, count: canvas.pixelCount * 4)
        var line = [GifPixelType](repeating: 0, count: width)
        for row in rowOrder(height: height, interlaced: frame.Interlace) {
            guard DGifGetLine(file, &line, Int32(width)) == GIF_OK else { throw .undecodable(.gif) }
            let y = Int(frame.Top) + row
            guard (0..<canvas.height).contains(y) else { continue }
            for (column, index) in line.enumerated() {
                let x = Int(frame.Left) + column
                guard (0..<canvas.width).contains(x), Int(index) != transparentIndex, Int(index) < Int(colours.ColorCount) else { continue }
                let colour = palette[Int(index)]
                let offset = (y * canvas.width + x) * 4
                rgba[offset] = colour.Red
                rgba[offset + 1] = colour.Green
                rgba[offset + 2] = colour.Blue
                rgba[offset + 3] = 255
            }
        }
        return Bitmap(width: canvas.width, height: canvas.height, rgba: rgba)
    }

    /// Rows as the frame sends them: in order, or in the four passes of an interlaced GIF.
    private static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    /// What giflib reads through: the bytes given, from the start.
    private final class Reader {
        let input: UnsafeBufferPointer<UInt8>
        var offset = 0

        init(input: UnsafeBufferPointer<UInt8>) {
            self.input = input
        }

        func read(into destination: UnsafeMutablePointer<GifByteType>, count: Int) -> Int32 {
            let taken = min(count, input.count - offset)
            guard taken > 0, let base = input.baseAddress else { return 0 }
            destination.update(from: base + offset, count: taken)
            offset += taken
            return Int32(taken)
        }
    }
}
