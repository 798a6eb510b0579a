#if canImport(Glibc)
import Glibc
#endif
/// An object member's name as it stands in the text, compared without building a `String`:
/// readers match thousands of keys per response, and only names with escapes need decoding.
struct JSONKey {
    /// The bytes between the quotes, valid while the reader's buffer is.
    let raw: UnsafeBufferPointer<UInt8>
    let hasEscapes: Bool
    /// Where the name starts in the document, for errors.
    let offset: Int

    /// The decoded name.
    func string() throws(JSONError) -> String {
        try JSONReader.decodeString(raw, hasEscapes: hasEscapes, at: offset)
    }

    static func ~= (name: StaticString, key: JSONKey) -> Bool {
        guard !key.hasEscapes else { return (try? key.string()) == name.description }
        // Compared as memory: keys are matched for every member of every event.
        guard name.utf8CodeUnitCount == key.raw.count else { return false }
        guard let bytes = key.raw.baseAddress else { return true }
        return name.withUTF8Buffer { name in name.baseAddress.map { memcmp($0, bytes, key.raw.count) == 0 } ?? false }
    }
}
