import Foundation

/// Collects one transfer's status line, headers and body as libcurl delivers them.
/// Lives only on the thread running `curl_easy_perform`.
final class CurlResponseSink {
    private let maximumBodyBytes: Int
    private(set) var headers: [String: String] = [:]
    private(set) var body = Data()
    /// Set once a chunk was refused for the size limit, which is why libcurl then stopped.
    private(set) var exceededLimit = false

    init(maximumBodyBytes: Int) {
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// Takes a body chunk; `false`, with nothing kept, when it would pass the size limit.
    func appendBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= maximumBodyBytes - body.count else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Takes one raw header line, CRLF included. A status line starts a new header block, so
    /// only the final response's headers survive redirects and `100 Continue`.
    func appendHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            headers.removeAll()
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return }
        if let existing = headers[name] {
            headers[name] = "\(existing), \(value)"
        } else {
            headers[name] = value
        }
    }
}
