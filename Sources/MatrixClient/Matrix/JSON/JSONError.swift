/// Why a JSON document could not be read, and where: the byte offset, and the keys leading to
/// the value (never the value itself, which may be private).
struct JSONError: Error, Equatable, CustomStringConvertible {
    enum Reason: Equatable {
        /// Not JSON: the text breaks the grammar at `offset`.
        case syntax(String)
        /// Nested deeper than `JSONReader.maximumDepth`.
        case tooDeep
        /// Well-formed, but not the type this place needs.
        case mismatch(expected: String)
        case missingKey(String)
    }

    var reason: Reason
    var offset: Int
    /// Keys from the document's root down to where it went wrong.
    var path: [String] = []

    /// Whether the text itself is broken, so reading cannot go on past it; the other reasons
    /// concern one value and leave the reader after that value.
    var isMalformedText: Bool {
        switch reason {
        case .syntax, .tooDeep: true
        case .mismatch, .missingKey: false
        }
    }

    var description: String {
        let place = path.isEmpty ? "" : path.joined(separator: ".") + ": "
        switch reason {
        case .syntax(let problem): return place + "invalid JSON at byte \(offset): \(problem)"
        case .tooDeep: return place + "nested deeper than \(JSONReader.maximumDepth) levels at byte \(offset)"
        case .mismatch(let expected): return place + "expected \(expected) at byte \(offset)"
        case .missingKey(let key): return "missing key " + (path + [key]).joined(separator: ".")
        }
    }
}
