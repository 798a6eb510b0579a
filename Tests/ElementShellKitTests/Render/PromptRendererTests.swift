import Testing
@testable import ElementShellKit

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
}
