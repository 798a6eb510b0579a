extension QRCode {
    /// How a version's codewords divide into error correction blocks at one level (ISO/IEC 18004
    /// table 9): every block has as many error correction codewords; the data codewords spread
    /// evenly, the later blocks taking one more each where they do not divide.
    struct BlockLayout {
        let blockCount: Int
        let errorCorrectionCodewordsPerBlock: Int
        let dataCodewordCount: Int

        init(version: Version, errorCorrection: ErrorCorrection) {
            let levels = Self.table[version.number - 1]
            let level = switch errorCorrection {
            case .low: levels[0]
            case .medium: levels[1]
            case .quartile: levels[2]
            case .high: levels[3]
            }
            blockCount = level.blocks
            errorCorrectionCodewordsPerBlock = level.errorCorrectionCodewords
            dataCodewordCount = version.codewordCount - blockCount * errorCorrectionCodewordsPerBlock
        }

        /// The data codewords of each block, in order.
        var dataCodewordsPerBlock: [Int] {
            let shortLength = dataCodewordCount / blockCount
            let longBlockCount = dataCodewordCount % blockCount
            return (0..<blockCount).map { $0 < blockCount - longBlockCount ? shortLength : shortLength + 1 }
        }

        /// Per version, for L, M, Q and H: the number of blocks and the error correction
        /// codewords in each.
        private static let table: [[(blocks: Int, errorCorrectionCodewords: Int)]] = [
            [(1, 7), (1, 10), (1, 13), (1, 17)], // 1
            [(1, 10), (1, 16), (1, 22), (1, 28)], // 2
            [(1, 15), (1, 26), (2, 18), (2, 22)], // 3
            [(1, 20), (2, 18), (2, 26), (4, 16)], // 4
            [(1, 26), (2, 24), (4, 18), (4, 22)], // 5
            [(2, 18), (4, 16), (4, 24), (4, 28)], // 6
            [(2, 20), (4, 18), (6, 18), (5, 26)], // 7
            [(2, 24), (4, 22), (6, 22), (6, 26)], // 8
            [(2, 30), (5, 22), (8, 20), (8, 24)], // 9
            [(4, 18), (5, 26), (8, 24), (8, 28)], // 10
            [(4, 20), (5, 30), (8, 28), (11, 24)], // 11
            [(4, 24), (8, 22), (10, 26), (11, 28)], // 12
            [(4, 26), (9, 22), (12, 24), (16, 22)], // 13
            [(4, 30), (9, 24), (16, 20), (16, 24)], // 14
            [(6, 22), (10, 24), (12, 30), (18, 24)], // 15
            [(6, 24), (10, 28), (17, 24), (16, 30)], // 16
            [(6, 28), (11, 28), (16, 28), (19, 28)], // 17
            [(6, 30), (13, 26), (18, 28), (21, 28)], // 18
            [(7, 28), (14, 26), (21, 26), (25, 26)], // 19
            [(8, 28), (16, 26), (20, 30), (25, 28)], // 20
            [(8, 28), (17, 26), (23, 28), (25, 30)], // 21
            [(9, 28), (17, 28), (23, 30), (34, 24)], // 22
            [(9, 30), (18, 28), (25, 30), (30, 30)], // 23
            [(10, 30), (20, 28), (27, 30), (32, 30)], // 24
            [(12, 26), (21, 28), (29, 30), (35, 30)], // 25
            [(12, 28), (23, 28), (34, 28), (37, 30)], // 26
            [(12, 30), (25, 28), (34, 30), (40, 30)], // 27
            [(13, 30), (26, 28), (35, 30), (42, 30)], // 28
            [(14, 30), (28, 28), (38, 30), (45, 30)], // 29
            [(15, 30), (29, 28), (40, 30), (48, 30)], // 30
            [(16, 30), (31, 28), (43, 30), (51, 30)], // 31
            [(17, 30), (33, 28), (45, 30), (54, 30)], // 32
            [(18, 30), (35, 28), (48, 30), (57, 30)], // 33
            [(19, 30), (37, 28), (51, 30), (60, 30)], // 34
            [(19, 30), (38, 28), (53, 30), (63, 30)], // 35
            [(20, 30), (40, 28), (56, 30), (66, 30)], // 36
            [(21, 30), (43, 28), (59, 30), (70, 30)], // 37
            [(22, 30), (45, 28), (62, 30), (74, 30)], // 38
            [(24, 30), (47, 28), (65, 30), (77, 30)], // 39
            [(25, 30), (49, 28), (68, 30), (81, 30)], // 40
        ]
    }
}
