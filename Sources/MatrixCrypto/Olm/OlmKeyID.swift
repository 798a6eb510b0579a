import Foundation

/// Key IDs as vodozemac writes them: a counter, big-endian in 8 bytes, unpadded base64.
enum OlmKeyID {
    static func string(for counter: UInt64) -> String {
        withUnsafeBytes(of: counter.bigEndian) { Data($0) }.unpaddedBase64
    }
}
