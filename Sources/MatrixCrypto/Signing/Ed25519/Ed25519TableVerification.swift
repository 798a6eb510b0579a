import Crypto

/// RFC 8032's Ed25519 verification with the key's multiples at hand (`Ed25519MultiplesTable`),
/// as BoringSSL's: `S` below L, k = SHA-512(R ‖ A ‖ M) mod L, and the encoding of [S]B − [k]A
/// equal to R's bytes. About 130 additions where BoringSSL doubles 253 times.
enum Ed25519TableVerification {
    static func isValid(signature: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer,
                        publicKey: UnsafeRawBufferPointer, keyMultiples: Ed25519MultiplesTable) -> Bool {
        guard signature.count == 64, publicKey.count == 32 else { return false }
        let r = UnsafeRawBufferPointer(rebasing: signature[0..<32])
        let s = UnsafeRawBufferPointer(rebasing: signature[32..<64])
        guard Ed25519Scalar.isCanonical(s) else { return false }
        var hash = SHA512()
        hash.update(bufferPointer: r)
        hash.update(bufferPointer: publicKey)
        hash.update(bufferPointer: message)
        let k = hash.finalize().withUnsafeBytes(Ed25519Scalar.reduced)
        let sDigits = Ed25519Scalar.signedRadix16(s)
        let kDigits = k.withUnsafeBytes(Ed25519Scalar.signedRadix16)
        let base = Ed25519MultiplesTable.base
        var point = EdwardsPoint.identity
        for row in 0..<32 {
            point = base.adding(sDigits[2 * row + 1], ofRow: row, to: point)
            point = keyMultiples.adding(-kDigits[2 * row + 1], ofRow: row, to: point)
        }
        for _ in 0..<4 { point = point.doubled }
        for row in 0..<32 {
            point = base.adding(sDigits[2 * row], ofRow: row, to: point)
            point = keyMultiples.adding(-kDigits[2 * row], ofRow: row, to: point)
        }
        return point.encoded.elementsEqual(r)
    }
}
