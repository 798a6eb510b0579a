extension QRCode {
    /// The error correction codewords of one block (ISO/IEC 18004 7.5.2): the remainder of the
    /// data, as a polynomial times x^n, divided by the generator (x − α^0)(x − α^1)…(x − α^(n−1)).
    struct ReedSolomon {
        /// The generator's coefficients below its leading 1, highest degree first.
        private let generator: [UInt8]

        init(errorCorrectionCodewords count: Int) {
            var generator: [UInt8] = [1]
            for root in 0..<count {
                // Multiply by (x + α^root); over GF(2^8) minus is plus.
                var product = generator + [0]
                for (index, coefficient) in generator.enumerated() {
                    product[index + 1] ^= GaloisField.multiply(coefficient, GaloisField.power(root))
                }
                generator = product
            }
            self.generator = Array(generator.dropFirst())
        }

        /// Long division, one data codeword at a time, keeping only the running remainder.
        func errorCorrection(for data: [UInt8]) -> [UInt8] {
            var remainder = [UInt8](repeating: 0, count: generator.count)
            for codeword in data {
                let factor = codeword ^ remainder.removeFirst()
                remainder.append(0)
                for (index, coefficient) in generator.enumerated() {
                    remainder[index] ^= GaloisField.multiply(coefficient, factor)
                }
            }
            return remainder
        }
    }
}
