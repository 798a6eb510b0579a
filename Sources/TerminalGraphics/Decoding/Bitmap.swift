/// A picture as pixels: rows top to bottom, four bytes a pixel (red, green, blue, alpha; the
/// colours not multiplied by alpha), what every decoder here makes and every drawing takes.
public struct Bitmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "RGBA rows of the size given")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
}
