import Foundation
import Testing
import TestSupport
@testable import ElementShellKit
@testable import MatrixClient

/// The ustar writer on plain values, and `tar` itself reading what it wrote.
@Suite struct TarArchiveTests {
    static let modified = Date(timeIntervalSince1970: 1_767_225_600)
    static let entries = [
        TarArchive.Entry(name: "report/report.json", data: Data("{}\n".utf8), modified: modified),
        TarArchive.Entry(name: "report/element-shell.log", data: Data(repeating: UInt8(ascii: "x"), count: 600), modified: modified),
    ]

    func text(_ header: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: header[range], as: UTF8.self)
    }

    @Test func aHeaderIsOneBlockWithOctalFieldsAndItsChecksum() {
        let header = TarArchive.header(for: Self.entries[0])
        #expect(header.count == 512)
        #expect(text(header, 0..<18) == "report/report.json" && header[18] == 0)
        #expect(text(header, 100..<108) == "0000600\0")
        #expect(text(header, 124..<136) == "00000000003\0", "the size, 3 bytes")
        #expect(text(header, 136..<148) == String(1_767_225_600, radix: 8) + "\0")
        #expect(header[156] == UInt8(ascii: "0"))
        #expect(text(header, 257..<265) == "ustar\u{0}00")
        // The stored checksum is the sum of the bytes with its own field read as spaces.
        let stored = Int(text(header, 148..<154), radix: 8)
        #expect(stored == TarArchive.checksum(of: header))
        #expect(stored == header.enumerated().reduce(0) { $0 + ((148..<156).contains($1.offset) ? 32 : Int($1.element)) })
        #expect(header[154] == 0 && header[155] == UInt8(ascii: " "))
    }

    @Test func filesFillWholeBlocksAndTwoZeroBlocksEndTheArchive() {
        let archive = TarArchive.data(of: Self.entries)
        // Header and one block for 3 bytes; header and two blocks for 600; two blocks of zeros.
        #expect(archive.count == 512 * (2 + 3 + 2))
        #expect(archive.suffix(1024).allSatisfy { $0 == 0 })
        #expect(archive[1024..<1536].prefix(24) == Data("report/element-shell.log".utf8))
        #expect(TarArchive.padding(after: 512) == 0 && TarArchive.padding(after: 513) == 511 && TarArchive.padding(after: 0) == 0)
        #expect(TarArchive.data(of: []).count == 1024)
    }

    @Test func tarListsAndExtractsWhatItWrote() throws {
        let directory = TemporaryDirectory()
        let file = directory.url.appending(path: "report.tar")
        try TarArchive.data(of: Self.entries).write(to: file)
        let listing = try run(["-tvf", file.path])
        #expect(listing.status == 0, "\(listing.output)")
        let lines = listing.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("-rw-------") == true && lines.first?.hasSuffix(" report/report.json") == true, "\(listing.output)")
        #expect(lines.last?.contains(" 600 ") == true && lines.last?.hasSuffix(" report/element-shell.log") == true, "\(listing.output)")
        let extracted = try run(["-xf", file.path, "-C", directory.url.path])
        #expect(extracted.status == 0, "\(extracted.output)")
        #expect(try Data(contentsOf: directory.url.appending(path: "report/report.json")) == Data("{}\n".utf8))
    }

    /// `tar` through `ChildProcess`: `Foundation.Process.run()` crashed the whole test process
    /// here once, in the full run (swift-corelibs-foundation#5472, which ChildProcess avoids).
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tar")
        process.arguments = arguments
        return try process.runCapturingOutput()
    }
}
