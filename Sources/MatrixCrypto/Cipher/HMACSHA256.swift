import Crypto

/// HMAC-SHA-256 (RFC 2104) on swift-crypto's SHA-256, the key's two padded blocks hashed once.
/// swift-crypto's own `HMAC` and `HKDF` are generic over `DataProtocol`; called from here they
/// run unspecialized, and deriving a Megolm message's keys spent more on the runtime's generic
/// metadata than on hashing. Checked against them in `HMACSHA256Tests`.
struct HMACSHA256 {
    static let byteCount = 32
    private static let blockByteCount = 64

    private var inner = SHA256()
    private var outer = SHA256()

    init(key: UnsafeRawBufferPointer) {
        var block = [UInt8](repeating: 0, count: Self.blockByteCount)
        if key.count > Self.blockByteCount {
            var hash = SHA256()
            hash.update(bufferPointer: key)
            hash.finalize().withUnsafeBytes { block.replaceSubrange(0..<Self.byteCount, with: $0) }
        } else {
            block.replaceSubrange(0..<key.count, with: key)
        }
        let innerPad = block.map { $0 ^ 0x36 }, outerPad = block.map { $0 ^ 0x5c }
        innerPad.withUnsafeBytes { inner.update(bufferPointer: $0) }
        outerPad.withUnsafeBytes { outer.update(bufferPointer: $0) }
    }

    init(key: [UInt8]) {
        self = key.withUnsafeBytes { HMACSHA256(key: $0) }
    }

    /// The code of the message `parts` make, one after the other.
    func code(of parts: UnsafeRawBufferPointer...) -> [UInt8] {
        var innerHash = inner
        for part in parts { innerHash.update(bufferPointer: part) }
        var outerHash = outer
        innerHash.finalize().withUnsafeBytes { outerHash.update(bufferPointer: $0) }
        return outerHash.finalize().withUnsafeBytes { [UInt8]($0) }
    }

    /// RFC 5869's HKDF with an empty salt (which HMAC pads to the same key as 32 zero bytes):
    /// `count` bytes from `secret` for `info`.
    static func derive(from secret: UnsafeRawBufferPointer, info: [UInt8], count: Int) -> [UInt8] {
        let pseudorandomKey = HMACSHA256(key: UnsafeRawBufferPointer(start: nil, count: 0)).code(of: secret)
        let expander = HMACSHA256(key: pseudorandomKey)
        var output: [UInt8] = [], previous: [UInt8] = []
        output.reserveCapacity(count + byteCount)
        var counter: UInt8 = 1
        while output.count < count {
            previous = previous.withUnsafeBytes { previous in
                info.withUnsafeBytes { info in
                    withUnsafeBytes(of: counter) { counter in expander.code(of: previous, info, counter) }
                }
            }
            output += previous
            counter += 1
        }
        return Array(output.prefix(count))
    }
}
