/// A QR code (ISO/IEC 18004) of some bytes, as its grid of modules: what a phone scans off the
/// terminal to verify a device or open a link. One segment in byte mode, which carries binary data
/// and URLs alike; no Micro QR, no ECI, no structured append.
///
/// Built as the standard orders it: the bit stream, its split into blocks with Reed–Solomon error
/// correction, placement around the function patterns, the data mask with the fewest penalty
/// points, and last the format and version information.
public struct QRCode: Sendable, Equatable {
    /// From 1 (21 × 21 modules) to 40 (177 × 177).
    public let version: Int
    public let errorCorrection: ErrorCorrection
    public let mask: Mask
    /// Row by row, `true` for a dark module; without the quiet zone, which is the renderer's.
    public let modules: [[Bool]]

    /// Modules along each side.
    public var size: Int { modules.count }

    /// The smallest version that holds `bytes` at the `errorCorrection` level, unless `version`
    /// names one; the mask with the fewest penalty points, unless `mask` names one (tests compare
    /// with other encoders through it).
    public init(
        bytes: [UInt8], errorCorrection: ErrorCorrection = .medium, version: Int? = nil, mask: Mask? = nil
    ) throws(QRCodeError) {
        let symbolVersion = try Self.symbolVersion(holding: bytes.count, at: errorCorrection, requested: version)
        let message = Codewords.message(
            data: Codewords.dataCodewords(bytes, version: symbolVersion, errorCorrection: errorCorrection),
            blocks: symbolVersion.blocks(at: errorCorrection)
        )
        var unmasked = ModuleGrid(version: symbolVersion)
        unmasked.place(message)
        let mask = mask ?? Self.leastPenalizedMask(for: unmasked)
        var grid = unmasked.masked(with: mask)
        grid.drawFormatInformation(errorCorrection: errorCorrection, mask: mask)
        grid.drawVersionInformation(symbolVersion)

        self.version = symbolVersion.number
        self.errorCorrection = errorCorrection
        self.mask = mask
        modules = grid.rows
    }

    /// How many bytes a code of `version` (1 to 40) holds at `errorCorrection`.
    public static func byteCapacity(version: Int, errorCorrection: ErrorCorrection) -> Int {
        precondition(Version.numbers.contains(version), "QR code versions run from 1 to 40")
        return Version(number: version).byteCapacity(at: errorCorrection)
    }

    private static func symbolVersion(
        holding byteCount: Int, at errorCorrection: ErrorCorrection, requested: Int?
    ) throws(QRCodeError) -> Version {
        if let requested {
            guard Version.numbers.contains(requested) else { throw .versionOutOfRange(requested) }
            let version = Version(number: requested)
            let capacity = version.byteCapacity(at: errorCorrection)
            guard byteCount <= capacity else { throw .tooLong(byteCount: byteCount, capacity: capacity) }
            return version
        }
        for number in Version.numbers where Version(number: number).byteCapacity(at: errorCorrection) >= byteCount {
            return Version(number: number)
        }
        let largest = Version(number: Version.numbers.upperBound).byteCapacity(at: errorCorrection)
        throw .tooLong(byteCount: byteCount, capacity: largest)
    }

    /// The standard's encoding procedure masks and evaluates (its step 7) before it adds the format
    /// and version information (step 8), so their modules, the dark module among them, count as
    /// light here; ties go to the lower mask number.
    private static func leastPenalizedMask(for unmasked: ModuleGrid) -> Mask {
        let scored = Mask.allCases.map { mask in (mask, Penalty.score(of: unmasked.masked(with: mask))) }
        return scored.min { $0.1 < $1.1 }!.0
    }
}
