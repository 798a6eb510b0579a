extension QRCode {
    /// The symbol while it is built: each module's colour, and which modules the function
    /// patterns own (data placement and masking pass over those).
    struct ModuleGrid {
        let size: Int
        private var dark: [Bool]
        private var function: [Bool]

        /// The function patterns drawn, the format and version information's modules reserved
        /// (light until they are drawn), and no data yet.
        init(version: Version) {
            size = version.size
            dark = Array(repeating: false, count: size * size)
            function = dark
            drawFunctionPatterns(version)
        }

        func isDark(row: Int, column: Int) -> Bool {
            dark[row * size + column]
        }

        func isFunction(row: Int, column: Int) -> Bool {
            function[row * size + column]
        }

        mutating func setFunction(row: Int, column: Int, dark isDark: Bool) {
            dark[row * size + column] = isDark
            function[row * size + column] = true
        }

        /// Claims a module for a function pattern still to be drawn, leaving one that a pattern
        /// already drew (the format information's area crosses the timing patterns).
        mutating func reserve(row: Int, column: Int) {
            guard !isFunction(row: row, column: column) else { return }
            setFunction(row: row, column: column, dark: false)
        }

        mutating func setData(row: Int, column: Int, dark isDark: Bool) {
            dark[row * size + column] = isDark
        }

        /// The data modules that `mask` names inverted; function patterns as they are.
        func masked(with mask: Mask) -> ModuleGrid {
            var grid = self
            for row in 0..<size {
                for column in 0..<size where !isFunction(row: row, column: column) && mask.inverts(row: row, column: column) {
                    grid.dark[row * size + column].toggle()
                }
            }
            return grid
        }

        var rows: [[Bool]] {
            (0..<size).map { row in Array(dark[row * size..<(row + 1) * size]) }
        }
    }
}
