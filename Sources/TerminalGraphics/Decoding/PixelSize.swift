/// A width and height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var pixelCount: Int { width * height }

    public var description: String { "\(width)×\(height)" }

    /// This size shrunk, proportions kept, until it fits inside `box`; never grown, never below
    /// one pixel.
    public func fitting(in box: PixelSize) -> PixelSize {
        let scale = min(Double(box.width) / Double(width), Double(box.height) / Double(height), 1)
        return PixelSize(width: max(1, Int(Double(width) * scale)), height: max(1, Int(Double(height) * scale)))
    }

    /// Whether this size is at least `other` both ways.
    func contains(_ other: PixelSize) -> Bool {
        width >= other.width && height >= other.height
    }
}
