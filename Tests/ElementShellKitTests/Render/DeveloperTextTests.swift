import Foundation
import MatrixJSON
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// What the developer commands print, on plain values: text for people and `--output json`.
@Suite struct DeveloperTextTests {
    let renderer = TextRenderer(theme: Theme(usesColor: false, accent: .named(.green)))

    func text(_ outcome: DeveloperOutcome) -> [String] {
        L10n.$languageOverride.withValue("en") { renderer.lines(for: .developer(outcome)) }
    }

    func json(_ outcome: DeveloperOutcome) -> JSONValue {
        JSONRenderer.object(for: Report(content: .result(command: "view-source", outcome: .developer(outcome))))
    }

    static let sealed: JSONValue = ["type": "m.room.encrypted", "event_id": "$e", "content": ["ciphertext": "AwgA"]]

    @Test func aDecryptedEventFollowsItsSource() {
        let clear: JSONValue = ["type": "m.room.message", "content": ["body": "hi \u{202E}gnp.exe", "msgtype": "m.text"]]
        let source = EventSource(eventID: "$e", event: Self.sealed, decryption: .decrypted(clear))
        let lines = text(.eventSource(source))
        #expect(lines.first == "Event $e as the server sent it:")
        #expect(lines.contains("Decrypted:"))
        #expect(lines.last == "}")
        #expect(!lines.joined().unicodeScalars.contains { TerminalSanitizer.isControl($0) }, "a sender's bidi override never reaches the terminal")
        let object = json(.eventSource(source))
        #expect(object["event"] == Self.sealed && object["decrypted"] == clear && object["encrypted"] == true && object["decryption_failure"] == .null)
    }

    @Test func emptyObjectsAndArraysStayOnTheirLine() {
        let value: JSONValue = ["content": ["m.mentions": [:], "body": "a\nb"], "list": [], "n": [1]]
        #expect(value.pretty.split(separator: "\n") == [
            "{", "  \"content\" : {", "    \"body\" : \"a\\nb\",", "    \"m.mentions\" : {}", "  },", "  \"list\" : [],", "  \"n\" : [", "    1", "  ]", "}",
        ])
    }

    @Test func anUndecryptableEventSaysWhy() {
        let source = EventSource(eventID: "$e", event: Self.sealed, decryption: .failed(.withheldUnverified))
        #expect(text(.eventSource(source)).last == L10n.$languageOverride.withValue("en") { MessageText.undecryptable(.withheldUnverified) })
        #expect(json(.eventSource(source))["decryption_failure"] == "withheld_unverified")
        let clear = EventSource(eventID: "$m", event: ["type": "m.room.message"], decryption: nil)
        #expect(json(.eventSource(clear))["encrypted"] == false && json(.eventSource(clear))["decrypted"] == .null)
    }

    @Test func theReportSaysWhereItIs() {
        #expect(text(.problemReported(path: "/data/problem-report-20260101T000000Z.tar", size: 10_240))
            == ["Wrote a problem report to /data/problem-report-20260101T000000Z.tar (10 KB). It holds no password, token, key or message: attach it to your bug report."])
        #expect(json(.problemReported(path: "/data/r.tar", size: 10_240))["size"] == 10_240)
    }

    @Test func labsInJSONCarryWhatEachSwitchTakes() {
        let switches = LabSwitch.all(in: ShellConfig.default.profile(named: "element")!)
        let listed = json(.labs(switches))["switches"]?.array ?? []
        #expect(listed.first == ["name": "sync", "value": "auto", "values": ["auto", "sliding", "v3"],
                                 "description": .string(L10n.screenLabsSync)])
        #expect(listed.count == 1 + DeveloperOptions.Flag.allCases.count)
    }
}
