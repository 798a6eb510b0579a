import CQREncode
import Foundation

/// A QR code of some bytes, as its grid of modules: what a phone scans off the terminal to verify
/// a device or open a link. libqrencode encodes it as one byte-mode segment, which carries binary
/// data and URLs alike, in the smallest version that holds the bytes and with the mask of fewest
/// penalty points; this type keeps only the grid.
public struct QRCode: Sendable, Equatable {
    /// From 1 (21 × 21 modules) to 40 (177 × 177).
    public let version: Int
    public let errorCorrection: ErrorCorrection
    /// Row by row, `true` for a dark module; without the quiet zone, which is the renderer's.
    public let modules: [[Bool]]

    /// Modules along each side.
    public var size: Int { modules.count }

    /// The smallest version that holds `bytes` at the `errorCorrection` level, or exactly
    /// `version` when one is named.
    public init(bytes: [UInt8], errorCorrection: ErrorCorrection = .medium, version: Int? = nil) throws(QRCodeError) {
        if let version, !(1...40).contains(version) { throw .versionOutOfRange(version) }
        guard !bytes.isEmpty else { throw .empty }
        // libqrencode takes the version as the least it may use and grows past it.
        let encoded = bytes.withUnsafeBufferPointer { buffer in
            QRcode_encodeData(Int32(buffer.count), buffer.baseAddress, Int32(version ?? 0), errorCorrection.level)
        }
        guard let encoded else {
            throw errno == ENOMEM ? .outOfMemory : .tooLong(byteCount: bytes.count)
        }
        defer { QRcode_free(encoded) }
        let symbol = encoded.pointee
        if let version, Int(symbol.version) != version { throw .tooLong(byteCount: bytes.count) }
        let width = Int(symbol.width)
        // Each module is a byte whose lowest bit says dark; the others say what libqrencode placed there.
        let data = UnsafeBufferPointer(start: symbol.data, count: width * width)
        self.version = Int(symbol.version)
        self.errorCorrection = errorCorrection
        modules = (0..<width).map { row in data[row * width..<(row + 1) * width].map { $0 & 1 == 1 } }
    }
}
