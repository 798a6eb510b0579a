extension QRCode.ModuleGrid {
    /// Lays the codewords' bits, most significant first, into the modules no function pattern
    /// owns (ISO/IEC 18004 7.7.3): in columns two wide from the right edge, up the first pair,
    /// down the next and so on, the right module of a pair before the left; the vertical timing
    /// pattern's column is stepped over as if it were not there. Modules left after the last
    /// codeword (the remainder bits) stay light.
    mutating func place(_ codewords: [UInt8]) {
        var bitIndex = 0
        var right = size - 1
        var upward = true
        while right > 0 {
            if right == 6 { right -= 1 }
            for step in 0..<size {
                let row = upward ? size - 1 - step : step
                for column in [right, right - 1] where !isFunction(row: row, column: column) {
                    let codeword = bitIndex / 8
                    let isDark = codeword < codewords.count && codewords[codeword] >> (7 - bitIndex % 8) & 1 == 1
                    setData(row: row, column: column, dark: isDark)
                    bitIndex += 1
                }
            }
            upward.toggle()
            right -= 2
        }
    }
}
