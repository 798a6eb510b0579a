extension QRCode {
    /// The penalty points by which a mask is chosen (ISO/IEC 18004 7.8.3.1, table 11): what a
    /// reader stumbles over scores, and the mask with the lowest total wins.
    enum Penalty {
        /// The dark, light, dark ×3, light, dark of a finder pattern's middle line.
        private static let finderLike: [Bool] = [true, false, true, true, true, false, true]

        static func score(of grid: ModuleGrid) -> Int {
            var score = sameColorBlocks(grid) + darkProportion(grid)
            for index in 0..<grid.size {
                let row = (0..<grid.size).map { grid.isDark(row: index, column: $0) }
                let column = (0..<grid.size).map { grid.isDark(row: $0, column: index) }
                score += sameColorRuns(row) + sameColorRuns(column) + finderLikePatterns(row) + finderLikePatterns(column)
            }
            return score
        }

        /// N1: 3 points for five modules of one colour in a row or column, one more for each
        /// further module of the run.
        private static func sameColorRuns(_ line: [Bool]) -> Int {
            var score = 0
            var runStart = 0
            for index in 1...line.count where index == line.count || line[index] != line[runStart] {
                let length = index - runStart
                if length >= 5 { score += 3 + length - 5 }
                runStart = index
            }
            return score
        }

        /// N2: 3 points for each 2 × 2 block of one colour, so an m × n block of one colour
        /// scores 3 × (m − 1) × (n − 1).
        private static func sameColorBlocks(_ grid: ModuleGrid) -> Int {
            var score = 0
            for row in 0..<grid.size - 1 {
                for column in 0..<grid.size - 1 {
                    let color = grid.isDark(row: row, column: column)
                    if grid.isDark(row: row, column: column + 1) == color, grid.isDark(row: row + 1, column: column) == color,
                       grid.isDark(row: row + 1, column: column + 1) == color {
                        score += 3
                    }
                }
            }
            return score
        }

        /// N3: 40 points for each 1:1:3:1:1 dark-light-dark-light-dark pattern in a row or
        /// column with four light modules before or after it. Beyond the edge counts as light:
        /// the quiet zone is.
        private static func finderLikePatterns(_ line: [Bool]) -> Int {
            func isLight(from start: Int, to end: Int) -> Bool {
                for index in max(start, 0)..<min(end, line.count) where line[index] { return false }
                return true
            }
            var score = 0
            for start in 0...line.count - finderLike.count where matchesFinderLike(line, at: start) {
                let end = start + finderLike.count
                if isLight(from: start - 4, to: start) || isLight(from: end, to: end + 4) {
                    score += 40
                }
            }
            return score
        }

        private static func matchesFinderLike(_ line: [Bool], at start: Int) -> Bool {
            for offset in 0..<finderLike.count where line[start + offset] != finderLike[offset] { return false }
            return true
        }

        /// N4: 10 points for each full 5 % by which the share of dark modules strays from half.
        /// Whole numbers: |dark/total − 1/2| ÷ 5 % is |20 dark − 10 total| ÷ total.
        private static func darkProportion(_ grid: ModuleGrid) -> Int {
            let total = grid.size * grid.size
            var dark = 0
            for row in 0..<grid.size {
                for column in 0..<grid.size where grid.isDark(row: row, column: column) { dark += 1 }
            }
            return 10 * (abs(20 * dark - 10 * total) / total)
        }
    }
}
