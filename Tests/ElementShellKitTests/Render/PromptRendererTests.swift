import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct PromptRendererTests {
    let plain = Theme(usesColor: false, accent: .named(.magenta))

    @Test func theIssuesExample() {
        let values = PromptRenderer.Values(app: "Clap", user: "@alice:clap.ac", room: "#general", unread: 3)
        #expect(PromptRenderer.render(format: "{app} {user} {room} {unread}> ", values: values, theme: plain)
            == "Clap @alice:clap.ac #general (3)> ")
    }

    @Test func emptyPlaceholdersTakeTheirSpaceWithThem() {
        #expect(PromptRenderer.render(format: "{app} {user} {room} {unread}> ", values: .init(app: "Element"), theme: plain) == "Element> ")
        #expect(PromptRenderer.render(format: "{app} {user} {room} {unread}> ", values: .init(app: "Element", user: "@a:b", unread: 0), theme: plain)
            == "Element @a:b> ")
    }

    @Test func unknownBracesStayAsWritten() {
        #expect(PromptRenderer.render(format: "{app} {x}> ", values: .init(app: "E"), theme: plain) == "E {x}> ")
    }

    @Test func colourIsWrappedForTheLineEditor() {
        let coloured = Theme(usesColor: true, accent: .named(.magenta))
        #expect(PromptRenderer.render(format: "{app}> ", values: .init(app: "Clap"), theme: coloured)
            == "\u{1}\u{1B}[35m\u{2}Clap\u{1}\u{1B}[0m\u{2}> ")
    }

    @Test func valuesFromOutsideAreSanitized() {
        let values = PromptRenderer.Values(app: "E", user: "@evil\u{1B}[2J:x")
        #expect(!PromptRenderer.render(format: "{app} {user}> ", values: values, theme: plain).contains("\u{1B}"))
    }

    @Test func typingShowsInTheDefaultFormatByNameSanitized() {
        let format = Profile.element.promptFormat
        let values = PromptRenderer.Values(app: "Element", user: "@a:b", room: "Lobby", unread: 2,
                                           typing: TypingText.prompt(names: ["Bob\u{1B}[2J"]))
        let prompt = L10n.$languageOverride.withValue("en") { PromptRenderer.render(format: format, values: values, theme: plain) }
        #expect(prompt.hasPrefix("Element @a:b Lobby (Bob") && prompt.hasSuffix("is typing…) (2)> ") && !prompt.contains("\u{1B}"))
        #expect(PromptRenderer.render(format: format, values: .init(app: "Element", room: "Lobby"), theme: plain) == "Element Lobby> ")
    }

    @Test(arguments: [
        ("en", [], nil),
        ("en", ["Alice"], "(Alice is typing…)"),
        ("en", ["Alice", "Bob"], "(Alice and Bob are typing…)"),
        ("en", ["Alice", "Bob", "Carol", "Dave"], "(Alice, Bob and 2 others are typing…)"),
        ("de", ["Alice", "Bob"], "(Alice und Bob tippen…)"),
    ] as [(String, [String], String?)])
    func typingNamesOneTwoOrMany(language: String, names: [String], expected: String?) {
        #expect(L10n.$languageOverride.withValue(language) { TypingText.prompt(names: names) } == expected)
    }
}
