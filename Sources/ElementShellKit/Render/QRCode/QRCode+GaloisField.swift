extension QRCode {
    /// Arithmetic in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1 (0x11D), the field of QR codes'
    /// Reed–Solomon codes: addition is XOR; multiplication goes through the powers of α = 2.
    enum GaloisField {
        /// α^i for i in 0..<255.
        private static let powers: [UInt8] = {
            var powers = [UInt8](repeating: 0, count: 255)
            var value = 1
            for exponent in 0..<255 {
                powers[exponent] = UInt8(value)
                value <<= 1
                if value & 0x100 != 0 { value ^= 0x11D }
            }
            return powers
        }()

        /// The exponent i with α^i = value, for every non-zero value.
        private static let logarithms: [Int] = {
            var logarithms = [Int](repeating: 0, count: 256)
            for (exponent, value) in powers.enumerated() {
                logarithms[Int(value)] = exponent
            }
            return logarithms
        }()

        static func power(_ exponent: Int) -> UInt8 {
            powers[exponent % 255]
        }

        static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
            guard left != 0, right != 0 else { return 0 }
            return power(logarithms[Int(left)] + logarithms[Int(right)])
        }
    }
}
