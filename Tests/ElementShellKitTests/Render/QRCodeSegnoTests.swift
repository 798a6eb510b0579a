import Foundation
import TestSupport
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// libqrencode's codes against segno (`Peers/segno_oracle.py`), a QR code encoder it shares no
/// code with: module for module, the version and mask each chooses, and what each version holds.
/// Needs the dev venv (Scripts/test).
@Suite(.enabled(if: PeerScript.python != nil, "needs ELEMENT_SHELL_TEST_PYTHON (Scripts/test)"))
struct QRCodeSegnoTests {
    static let levels: [QRCode.ErrorCorrection] = [.low, .medium, .quartile, .high]

    /// At versions 1, 2, 7 (the first with version information), 10 (the first with a 16-bit
    /// byte count) and 25, every level, four payloads each: segno draws the same modules with the
    /// mask libqrencode chose.
    @Test func drawsTheSameModulesAsSegnoWithTheSameMask() async throws {
        var random = SeededGenerator(seed: 18004)
        var requests: [Request] = []
        for version in [1, 2, 7, 10, 25] {
            for level in Self.levels {
                let capacity = try Self.capacity(version: version, level: level)
                let link = Array("https://matrix.to/#/@alice:example.org?via=example.org".utf8.prefix(capacity))
                let payloads = [
                    link, Array(repeating: 0, count: min(capacity, 20)),
                    Self.randomBytes(capacity / 2 + 1, using: &random), Self.randomBytes(capacity, using: &random),
                ]
                requests += payloads.map { Request(payload: $0, errorCorrection: level, version: version) }
            }
        }
        let ours = try await Self.encode(requests)
        let withOurMasks = zip(requests, ours).map { request, code in request.with(mask: code.formatInformation?.mask) }
        for (request, (code, theirs)) in zip(requests, zip(ours, try await Self.segno(withOurMasks))) {
            #expect(theirs.modules == Self.text(code), "\(request)")
        }
    }

    /// Left to choose, both take the same version. The masks may differ: libqrencode scores the
    /// penalty rules its own way, and any mask makes a valid code.
    @Test func choosesTheSameVersionAsSegno() async throws {
        var random = SeededGenerator(seed: 7)
        var requests: [Request] = []
        for level in Self.levels {
            let texts = ["element-shell", "https://matrix.org", "MATRIX\u{2}\u{0}", String(repeating: "ab", count: 90)]
            let payloads = texts.map { Array($0.utf8) } + [1, 33, 120, 400, 1000].map { Self.randomBytes($0, using: &random) }
            requests += payloads.map { Request(payload: $0, errorCorrection: level) }
        }
        let ours = try await Self.encode(requests)
        for (request, (code, theirs)) in zip(requests, zip(ours, try await Self.segno(requests))) {
            #expect(theirs.version == code.version, "\(request)")
        }
    }

    /// Every version at every level holds as many bytes for segno as for libqrencode, and not one
    /// more, in the same modules: the block table, the alignment patterns and the codeword count
    /// of all 160.
    @Test func holdsWhatSegnoHoldsAtEveryVersionAndLevel() async throws {
        var full: [Request] = []
        for version in 1...40 {
            for level in Self.levels {
                let capacity = try Self.capacity(version: version, level: level)
                full.append(Request(payload: Array(repeating: UInt8(version), count: capacity), errorCorrection: level, version: version))
            }
        }
        let ours = try await Self.encode(full)
        let withOurMasks = zip(full, ours).map { request, code in request.with(mask: code.formatInformation?.mask) }
        for (request, (code, theirs)) in zip(full, zip(ours, try await Self.segno(withOurMasks))) {
            #expect(theirs.modules == Self.text(code), "\(request)")
        }

        let oneMore = full.map { Request(payload: $0.payload + [0], errorCorrection: $0.errorCorrection, version: $0.version) }
        for (request, theirs) in zip(oneMore, try await Self.segno(oneMore)) {
            #expect(theirs.overflow == true, "\(request)")
        }
    }

    /// The most bytes libqrencode puts in `version` at `level`, found by halving.
    private static func capacity(version: Int, level: QRCode.ErrorCorrection) throws -> Int {
        var fits = 1, overflows = 2954
        while overflows - fits > 1 {
            let middle = (fits + overflows) / 2
            if (try? QRCode(bytes: Array(repeating: 1, count: middle), errorCorrection: level, version: version)) != nil {
                fits = middle
            } else {
                overflows = middle
            }
        }
        return fits
    }

    struct Request: Sendable, CustomStringConvertible {
        let payload: [UInt8]
        let errorCorrection: QRCode.ErrorCorrection
        var version: Int?
        var mask: Int?

        func with(mask: Int?) -> Request {
            Request(payload: payload, errorCorrection: errorCorrection, version: version, mask: mask)
        }

        /// libqrencode's code for the same request, whatever its mask.
        func encode() throws -> QRCode {
            try QRCode(bytes: payload, errorCorrection: errorCorrection, version: version)
        }

        var description: String {
            let mask = mask.map { "\($0)" } ?? "any"
            return "\(payload.count) bytes at \(errorCorrection), version \(version.map(String.init) ?? "any"), mask \(mask)"
        }

        var json: [String: Any] {
            let letter = switch errorCorrection {
            case .low: "L"
            case .medium: "M"
            case .quartile: "Q"
            case .high: "H"
            }
            var json: [String: Any] = ["payload": payload.map { String(format: "%02x", $0) }.joined(), "error": letter]
            json["version"] = version
            json["mask"] = mask
            return json
        }
    }

    struct Answer: Decodable, Sendable {
        var version: Int?
        var mask: Int?
        var modules: [String]?
        var overflow: Bool?
    }

    private static func encode(_ requests: [Request]) async throws -> [QRCode] {
        try await offThePool { try requests.map { try $0.encode() } }
    }

    private static func segno(_ requests: [Request]) async throws -> [Answer] {
        let input = try JSONSerialization.data(withJSONObject: ["codes": requests.map(\.json)])
        let output = try await PeerScript.run(PeerScript.path("segno_oracle.py"), [], input: input)
        let answers = try await offThePool { try JSONDecoder().decode([String: [Answer]].self, from: Data(output.utf8))["codes"] ?? [] }
        try #require(answers.count == requests.count)
        return answers
    }

    /// The modules as the oracle writes them: a row a string, "1" for dark.
    private static func text(_ code: QRCode) -> [String] {
        code.modules.map { row in String(row.map { $0 ? "1" : "0" }) }
    }

    private static func randomBytes(_ count: Int, using random: inout SeededGenerator) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }
}
