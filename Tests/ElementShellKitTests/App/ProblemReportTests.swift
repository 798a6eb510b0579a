import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// The problem report's contents on plain values.
@Suite struct ProblemReportTests {
    static let report = ProblemReport(
        facts: ProblemReport.Facts(createdAt: TestClock.start, profileName: "clap", developer: ShellConfig.default.profile(named: "clap")!.developer,
                                   settings: .default, syncMethod: .sliding, syncStatus: .live,
                                   account: SessionSummary(userID: "@alice:hs", deviceID: "DEVICE", homeserverURL: URL(string: "https://hs.example")!)),
        operatingSystem: "Debian GNU/Linux 12 (bookworm), Linux 6.1.0 x86_64",
        store: .success(StoreHealth(integrityCheck: ["ok"], rowCounts: ["message": 12, "outbox": 0])),
        log: LogTail(of: "one\ntwo\n", count: 200, dropping: []))

    @Test func reportJSONSaysWhatRanAndHowTheStoreIs() throws {
        let text = Self.report.json.pretty
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "one JSON object over several lines")
        #expect((parsed["app"] as? [String: Any])?["version"] as? String == BuildInfo.version)
        #expect(parsed["created_at"] as? String == "2026-01-01T00:00:00Z")
        #expect(((parsed["profile"] as? [String: Any])?["developer"] as? [String: Bool])?["group_space_rooms"] == true)
        #expect(((parsed["profile"] as? [String: Any])?["settings"] as? [String: Any])?["sync"] as? String == "auto")
        #expect(parsed["sync"] as? [String: String] == ["mode": "auto", "method": "sliding", "status": "live"])
        #expect((parsed["store"] as? [String: Any])?["integrity_check"] as? String == "ok")
        #expect(((parsed["store"] as? [String: Any])?["row_counts"] as? [String: Int])?["message"] == 12)
        #expect((parsed["log"] as? [String: Any])?["lines"] as? Int == 2)
    }

    @Test func theArchiveHoldsTheReportAndTheLogInAFolderNamedByTheTime() {
        #expect(Self.report.baseName == "problem-report-20260101T000000Z")
        let archive = Self.report.archive
        #expect(archive.prefix(46) == Data("problem-report-20260101T000000Z/report.json".utf8) + Data(count: 3))
        #expect(String(decoding: archive, as: UTF8.self).contains("problem-report-20260101T000000Z/element-shell.log"))
        #expect(String(decoding: archive, as: UTF8.self).contains("one\ntwo\n"))
    }
}
