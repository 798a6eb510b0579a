import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct MessageTextTests {
    var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    /// 2026-11-22 15:30 UTC.
    let now = Date(timeIntervalSince1970: 1_795_361_400)

    func stamp(hoursAgo hours: Double, language: String) -> String {
        let text = MessageText(theme: Theme(usesColor: false, accent: .named(.green)), now: now, calendar: utc)
        return L10n.$languageOverride.withValue(language) { text.stamp(now.addingTimeInterval(-hours * 3600)) }
    }

    @Test func todayShowsTheTimeOlderDaysTheDateToo() {
        #expect(stamp(hoursAgo: 2, language: "en") == "13:30")
        #expect(stamp(hoursAgo: 24, language: "en").contains("21"))
        #expect(stamp(hoursAgo: 24, language: "en").contains("15:30"))
        #expect(stamp(hoursAgo: 24 * 400, language: "en").contains("2025"))
        #expect(stamp(hoursAgo: 24, language: "de").contains("Nov"))
    }

    /// Today's time is written without ICU; it must read as the locale's own formatter writes it.
    @Test func todaysTimeIsTheLocalesOwnInEveryLanguage() {
        for language in L10n.availableLanguages {
            for hoursAgo in [0.0, 6.5, 15.45] {
                let date = now.addingTimeInterval(-hoursAgo * 3600)
                let locale = Locale(identifier: language == "en" ? "en_GB" : language)
                let icu = date.formatted(Date.FormatStyle(locale: locale, calendar: utc, timeZone: utc.timeZone)
                    .hour(.twoDigits(amPM: .omitted)).minute(.twoDigits))
                #expect(stamp(hoursAgo: hoursAgo, language: language) == icu, "\(language), \(hoursAgo) hours ago")
            }
        }
    }

    /// Not the fallback body ("… which this client cannot do"): this client can.
    @Test func aVerificationRequestInTheTimelineSaysWhereToAnswerIt() {
        let message = MessageView(roomID: "!r", eventID: "$e", transactionID: nil, sender: "@b:hs", senderName: "Bob",
                                  msgtype: "m.key.verification.request", body: "@b:hs is asking to verify your keys, which this client cannot do.",
                                  timestamp: Int64(now.timeIntervalSince1970 * 1000), isPending: false)
        let text = MessageText(theme: Theme(usesColor: false, accent: .named(.green)), now: now, calendar: utc)
        #expect(L10n.$languageOverride.withValue("en") { text.lines(for: message) } == ["[15:30] Bob: asked to verify (/verification shows whether it still waits)"])
    }

    @Test func multiLineBodiesAreIndentedAndEscapesMadeVisible() {
        let message = MessageView(roomID: "!r", eventID: "$e", transactionID: nil, sender: "@a:hs", senderName: "Ann\u{1B}[31m",
                                  msgtype: "m.text", body: "one\ntwo\u{7}", timestamp: Int64(now.timeIntervalSince1970 * 1000), isPending: false)
        let lines = MessageText(theme: Theme(usesColor: false, accent: .named(.green)), now: now, calendar: utc).lines(for: message)
        #expect(lines == ["[15:30] AnnU+1B[31m: one", "        twoU+7"])
    }

    @Test func longLinesWrapAtWordsUnderTheText() {
        let body = "the quick brown fox jumps over the lazy dog and keeps on running far away"
        let message = MessageView(roomID: "!r", eventID: "$e", transactionID: nil, sender: "@a:hs", senderName: "Ann",
                                  msgtype: "m.text", body: RemoteText(body), timestamp: Int64(now.timeIntervalSince1970 * 1000), isPending: false)
        let lines = MessageText(theme: Theme(usesColor: false, accent: .named(.green)), width: 40, now: now, calendar: utc).lines(for: message)
        #expect(lines.count > 1 && lines.allSatisfy { $0.count <= 40 }, "\(lines)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("        ") && !$0.hasPrefix("         ") })
        #expect(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").hasSuffix(body))
    }
}
