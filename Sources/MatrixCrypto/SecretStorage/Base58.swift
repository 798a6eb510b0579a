/// Base58 with Bitcoin's alphabet, which leaves out 0, O, I and l so a key copied by hand
/// cannot confuse them. Numbers of any size: each character is a base-58 digit, and each
/// leading "1" stands for a leading zero byte.
enum Base58 {
    private static let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)
    /// Each ASCII character's digit, nil for those outside the alphabet.
    private static let digits: [UInt8?] = (0..<128).map { ascii in
        alphabet.firstIndex(of: UInt8(ascii)).map { UInt8($0) }
    }

    static func encode(_ bytes: [UInt8]) -> String {
        let zeros = bytes.prefix { $0 == 0 }.count
        var number: [UInt8] = []  // base-58 digits, least significant first
        for byte in bytes.dropFirst(zeros) {
            var carry = Int(byte)
            for index in number.indices {
                carry += Int(number[index]) << 8
                number[index] = UInt8(carry % 58)
                carry /= 58
            }
            while carry > 0 {
                number.append(UInt8(carry % 58))
                carry /= 58
            }
        }
        let characters = Array(repeating: alphabet[0], count: zeros) + number.reversed().map { alphabet[Int($0)] }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The bytes of `text`, or nil if a character is outside the alphabet.
    static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        let ones = characters.prefix { $0 == alphabet[0] }.count
        var number: [UInt8] = []  // base-256 digits, least significant first
        for character in characters.dropFirst(ones) {
            guard Int(character) < digits.count, let digit = digits[Int(character)] else { return nil }
            var carry = Int(digit)
            for index in number.indices {
                carry += Int(number[index]) * 58
                number[index] = UInt8(carry & 0xFF)
                carry >>= 8
            }
            while carry > 0 {
                number.append(UInt8(carry & 0xFF))
                carry >>= 8
            }
        }
        return Array(repeating: 0, count: ones) + number.reversed()
    }
}
