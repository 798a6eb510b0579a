import Foundation
import Testing

/// No setting, flag or code path may turn certificate verification off: a private CA goes in
/// `ca_file`. libcurl cannot be asked which options a handle has, so this reads the sources: the
/// only mentions of curl's verification options anywhere are the two lines that switch them on
/// for every transfer. (The TLS tests show them working; this keeps a switch from appearing.)
@Suite struct TLSVerificationSourceTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Sources")

    @Test func verificationOptionsAreOnlyEverSwitchedOn() throws {
        let mentions = try Self.lines(matching: Regex("SSL_VERIFY|VERIFYPEER|VERIFYHOST"))
        #expect(mentions == [
            "MatrixClient/Matrix/HTTP/CurlTransfer.swift: try check(es_curl_set_long(raw, CURLOPT_SSL_VERIFYPEER, 1))",
            "MatrixClient/Matrix/HTTP/CurlTransfer.swift: try check(es_curl_set_long(raw, CURLOPT_SSL_VERIFYHOST, 2))",
        ])
    }

    /// Every line of a source file (Swift, C) that matches, as "path: trimmed line".
    static func lines(matching pattern: some RegexComponent) throws -> [String] {
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return try files.filter { ["swift", "h", "c"].contains($0.pathExtension) }.sorted { $0.path < $1.path }.flatMap { file in
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            return try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { $0.contains(pattern) }
                .map { "\(relative): \($0.trimmingCharacters(in: .whitespaces))" }
        }
    }
}
