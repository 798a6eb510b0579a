extension QRCode.ModuleGrid {
    /// What a reader finds the symbol by (ISO/IEC 18004 6.3): finder patterns in three corners,
    /// each with its light separator; the timing patterns between them on row and column 6; the
    /// alignment patterns; and the room the format and version information will take.
    mutating func drawFunctionPatterns(_ version: QRCode.Version) {
        for (row, column) in [(0, 0), (0, size - 7), (size - 7, 0)] {
            drawFinder(top: row, left: column)
        }
        for index in 8..<size - 8 {
            setFunction(row: 6, column: index, dark: index % 2 == 0)
            setFunction(row: index, column: 6, dark: index % 2 == 0)
        }
        let centers = version.alignmentCenters
        for row in centers {
            for column in centers where !overlapsFinder(row: row, column: column) {
                drawAlignment(row: row, column: column)
            }
        }
        reserveFormatInformation()
        if version.hasVersionInformation {
            reserveVersionInformation()
        }
    }

    /// 7 × 7: a dark ring, a light ring, a dark 3 × 3 centre; and the separator, the light ring
    /// around it where it lies within the symbol.
    private mutating func drawFinder(top: Int, left: Int) {
        for row in top - 1...top + 7 where (0..<size).contains(row) {
            for column in left - 1...left + 7 where (0..<size).contains(column) {
                let distance = max(abs(row - top - 3), abs(column - left - 3))
                setFunction(row: row, column: column, dark: distance != 2 && distance != 4)
            }
        }
    }

    /// 5 × 5: a dark ring, a light ring, a dark centre module.
    private mutating func drawAlignment(row centerRow: Int, column centerColumn: Int) {
        for row in centerRow - 2...centerRow + 2 {
            for column in centerColumn - 2...centerColumn + 2 {
                let distance = max(abs(row - centerRow), abs(column - centerColumn))
                setFunction(row: row, column: column, dark: distance != 1)
            }
        }
    }

    /// The three corners of the alignment grid that the finder patterns take.
    private func overlapsFinder(row: Int, column: Int) -> Bool {
        let first = 6, last = size - 7
        return (row == first && column == first) || (row == first && column == last) || (row == last && column == first)
    }

    /// Row and column 8 beside the top left finder, row 8 beside the top right one, column 8
    /// beside the bottom left one (with the dark module above it).
    private mutating func reserveFormatInformation() {
        for index in 0...8 {
            reserve(row: 8, column: index)
            reserve(row: index, column: 8)
        }
        for index in size - 8..<size {
            reserve(row: 8, column: index)
            reserve(row: index, column: 8)
        }
    }

    /// 6 × 3 above the bottom left finder and 3 × 6 left of the top right one.
    private mutating func reserveVersionInformation() {
        for short in 0..<6 {
            for long in size - 11..<size - 8 {
                reserve(row: short, column: long)
                reserve(row: long, column: short)
            }
        }
    }
}
