import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct ConfigValueTests {
    @Test func colorsParseAndPrintBack() {
        #expect(TerminalColor(parsing: "magenta") == .named(.magenta))
        #expect(TerminalColor(parsing: "bright_blue") == .named(.brightBlue))
        #expect(TerminalColor(parsing: " Bright_Blue ") == .named(.brightBlue))
        #expect(TerminalColor(parsing: "#ff00aa") == .rgb(red: 255, green: 0, blue: 170))
        #expect(TerminalColor(parsing: "#0A0b0C")?.configValue == "#0a0b0c")
        for color in ANSIColor.allCases {
            #expect(TerminalColor(parsing: TerminalColor.named(color).configValue) == .named(color))
        }
        #expect(ANSIColor.allCases.count == 16)
    }

    @Test(arguments: ["", "mauve", "bright", "#fff", "#ff00aag", "#+f00aa", "ff00aa", "#ff00aa00"])
    func invalidColorsAreRefused(text: String) {
        #expect(TerminalColor(parsing: text) == nil)
    }

    @Test(arguments: ["matrix.org", "dev.clap.ac", "localhost:8448", "127.0.0.1", "[::1]", "[2001:db8::1]:8448"])
    func serverNamesAreAccepted(text: String) {
        #expect(ServerName.isValid(text))
    }

    @Test(arguments: ["", "https://matrix.org", "matrix.org/", "matrix.org:", "matrix.org:123456", "[::1", "[]",
                      "exa mple.org", "[::1]x"])
    func badServerNamesAreRefused(text: String) {
        #expect(!ServerName.isValid(text))
    }

    @Test func urlsNeedHTTPAndAHost() {
        #expect(WebURL.isValid("https://element.io"))
        #expect(WebURL.isValid("http://localhost:8008/"))
        #expect(!WebURL.isValid("element.io"))
        #expect(!WebURL.isValid("ftp://element.io"))
        #expect(!WebURL.isValid("https://"))
    }

    @Test func promptPlaceholdersAreChecked() {
        #expect(PromptPlaceholder.unknownTokens(in: "{app} {user} {room} {unread}> ").isEmpty)
        #expect(PromptPlaceholder.unknownTokens(in: "{usr} {rooms}{").isEmpty == false)
        #expect(PromptPlaceholder.unknownTokens(in: "{usr} {rooms}{") == ["{usr}", "{rooms}"])
        // Braces around anything but a word stay plain text.
        #expect(PromptPlaceholder.unknownTokens(in: "{} {1} { room } {{app}}").isEmpty)
    }

    @Test func suggestionsNeedToBeClose() {
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.nearest(to: "APP_NAME", among: ["app_name", "website_url"]) == "app_name")
        #expect(Suggestion.nearest(to: "xyz", among: ["app_name", "website_url"]) == nil)
    }
}
