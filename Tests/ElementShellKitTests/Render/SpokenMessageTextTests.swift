import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// With `screen_reader` on, a message is one plain line, speaker first, its marks in words, its
/// time and `~N` last: what a screen reader reads out, and a braille display shows, in order.
@Suite struct SpokenMessageTextTests {
    static let theme = Theme(profile: {
        var profile = ShellConfig.default.profile(named: "element")!
        profile.settings.screenReader = true
        return profile
    }(), isTerminal: true, environment: ["TERM": "xterm-kitty", "COLORTERM": "truecolor"])

    static func lines(_ message: MessageView, language: String) -> [String] {
        L10n.$languageOverride.withValue(language) {
            MessageText(theme: theme, width: 30, now: Date(timeIntervalSince1970: 0), calendar: Calendar(identifier: .gregorian)).lines(for: message)
        }
    }

    static func message(_ body: String, msgtype: String = "m.text") -> MessageView {
        var view = MessageView(roomID: "!r:hs", eventID: "$e", transactionID: nil, sender: "@alice:hs", senderName: "Alice", msgtype: msgtype,
                               body: RemoteText(body), timestamp: 0, isPending: false)
        view.reference = 7
        return view
    }

    @Test func aMessageIsOnePlainLineSpeakerFirst() {
        #expect(!Self.theme.usesColor && !Self.theme.makesLinks, "no colour and no link sequences to read out")
        var message = Self.message("see you at six,\nby the harbour https://example.org")
        message.isEdited = true
        message.encryption = .trusted
        #expect(Self.lines(message, language: "en") == ["Alice: see you at six, by the harbour https://example.org (edited, encrypted), 00:00, ~7"],
                "one line, however narrow the terminal")
        #expect(Self.lines(message, language: "de") == ["Alice: see you at six, by the harbour https://example.org (bearbeitet, verschlüsselt), 00:00, ~7"])
    }

    @Test func repliesEmotesReactionsAndWarningsAreSaidInWords() {
        var reply = Self.message("on my way")
        reply.replyQuote = ReplyQuote(senderName: "Bob", body: "where are you?", reference: 6)
        reply.reactions = [ReactionCount(key: "👍", count: 2), ReactionCount(key: "❤️", count: 1), ReactionCount(key: "ok", count: 1)]
        reply.encryption = .unsignedDevice
        #expect(Self.lines(reply, language: "en") == [
            "Alice, replying to Bob: on my way (encrypted, from a device its owner did not verify), 00:00, "
                + "reactions: thumbs up sign 2, heavy black heart 1, ok 1, ~7",
        ])
        #expect(Self.lines(reply, language: "de") == [
            "Alice, als Antwort an Bob: on my way (verschlüsselt, von einem Gerät, das sein Besitzer nicht verifiziert hat), 00:00, "
                + "Reaktionen: thumbs up sign 2, heavy black heart 1, ok 1, ~7",
        ])
        #expect(Self.lines(Self.message("waves", msgtype: "m.emote"), language: "en") == ["Alice waves, 00:00, ~7"])
    }

    @Test func filesAreNamedWithKindAndSizeAndHostileTextStaysHarmless() {
        var file = Self.message("the view\u{1B}[2J")
        file.msgtype = "m.image"
        file.media = MediaInfo(url: "mxc://hs/v", fileName: "view.jpg", size: 34_000)
        #expect(Self.lines(file, language: "en") == ["Alice: image view.jpg, 34 KB: the viewU+1B[2J, 00:00, ~7"])
        #expect(Self.lines(file, language: "de") == ["Alice: Bild view.jpg, 34 KB: the viewU+1B[2J, 00:00, ~7"])
    }

    /// A check mark or a warning sign before a sentence that says the same is left out.
    @Test func signsOfStateAreLeftToTheWords() {
        let lines = L10n.$languageOverride.withValue("en") {
            TextRenderer(theme: Self.theme).lines(for: Report(content: .identityChanged(userID: "@bob:hs", wasVerified: true, rooms: []), location: nil))
                + TextRenderer(theme: Self.theme).lines(for: Report(content: .secretsArrived(SecretsArrival(crossSigning: false, backupKey: true, awaitsMore: false)),
                                                                    location: nil))
        }
        #expect(lines.allSatisfy { !$0.hasPrefix("⚠") && !$0.hasPrefix("✓") }, "\(lines)")
        #expect(lines.last == "Your other session shared your backup key: this session can read your history.")
    }

    /// `message_times: off`: no time in a spoken line, nor in a drawn one.
    @Test func timesCanBeLeftOut() {
        var spoken = Self.theme
        spoken.showsTimes = false
        var plain = Theme(usesColor: false, accent: .named(.green))
        plain.showsTimes = false
        let message = Self.message("hello")
        let lines = L10n.$languageOverride.withValue("en") {
            [spoken, plain].flatMap { MessageText(theme: $0, width: nil, now: Date(timeIntervalSince1970: 0)).lines(for: message) }
        }
        #expect(lines == ["Alice: hello, ~7", "~7 Alice: hello"])
    }

    /// Who reacted is said where it is known: the first, and how many more.
    @Test func reactionsSayWhoReacted() {
        var message = Self.message("lunch?")
        message.reactions = [ReactionCount(key: "👍", count: 3, firstSenderName: "Bob"), ReactionCount(key: "🎉", count: 2, firstSenderName: "Carol"),
                             ReactionCount(key: "ok", count: 1, firstSenderName: "Dan")]
        #expect(Self.lines(message, language: "en") == [
            "Alice: lunch?, 00:00, Bob and 2 others reacted with thumbs up sign, Carol and 1 other reacted with party popper, Dan reacted with ok, ~7",
        ])
        #expect(Self.lines(message, language: "de") == [
            "Alice: lunch?, 00:00, Bob und 2 weitere haben mit thumbs up sign reagiert, Carol und 1 weitere Person haben mit party popper reagiert, "
                + "Dan hat mit ok reagiert, ~7",
        ])
        let live = L10n.$languageOverride.withValue("en") {
            TextRenderer(theme: Self.theme).lines(for: Report(content: .reacted(senderName: "Bob", key: "👍", reference: 7, excerpt: nil), location: nil))
        }
        #expect(live == ["Bob reacted thumbs up sign to ~7"])
    }
}
