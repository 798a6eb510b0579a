import Foundation
import TerminalGraphics

/// Any bytes as a picture: the decoders refuse them or give a bitmap of the size they say, within
/// the limits; a bitmap is then drawn in half blocks. Seeds: one small file of each format.
enum ImageDecoderFuzz {
    /// Low, so that a header claiming much is refused rather than allocated on every input.
    private static let limits = ImageLimits(sourcePixels: 1 << 20, decodedPixels: 1 << 18)
    private static let drawing = PictureDrawing(graphicsProtocol: .blocks)

    static func test(_ input: Data) {
        guard let bitmap = try? ImageDecoder(limits: limits).decode(Array(input), filling: PixelSize(width: 64, height: 32)) else { return }
        precondition(bitmap.width * bitmap.height <= limits.decodedPixels, "a decoder went past its limit")
        let picture = drawing.draw(bitmap, in: CellBox(columns: 8, rows: 4))
        precondition(picture.cells.columns <= 8 && picture.cells.rows <= 4, "the drawing left its box")
    }
}
