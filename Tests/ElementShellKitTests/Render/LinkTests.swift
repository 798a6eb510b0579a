import Testing
@testable import ElementShellKit

/// Web addresses as people write them, and the OSC 8 links made of them.
@Suite struct LinkTests {
    static func found(_ text: String) -> [String] {
        LinkFinder.links(in: text).map { String(text[$0]) }
    }

    @Test func addressesEndWhereTheSentenceGoesOn() {
        #expect(Self.found("see https://example.org/a?b=1&c=2#d.") == ["https://example.org/a?b=1&c=2#d"])
        #expect(Self.found("(at http://example.org/x), then HTTPS://EXAMPLE.ORG!") == ["http://example.org/x", "HTTPS://EXAMPLE.ORG"])
        #expect(Self.found("https://en.wikipedia.org/wiki/Bracket_(disambiguation)") == ["https://en.wikipedia.org/wiki/Bracket_(disambiguation)"])
        #expect(Self.found("“https://example.org/quoted”") == ["https://example.org/quoted"])
        #expect(Self.found("<https://example.org/angle>") == ["https://example.org/angle"])
        #expect(Self.found("two:https://a.example https://b.example/\u{1B}[2Jx") == ["https://a.example", "https://b.example/"])
    }

    @Test func whatOnlyLooksLikeAnAddressIsNone() {
        #expect(Self.found("xhttps://example.org http:// https:/example.org ftp://example.org nothttp://x").isEmpty)
        #expect(Self.found("http://.").isEmpty)
    }

    @Test func aLinkCarriesItsAddressAsPrintableASCII() {
        let link = Hyperlink.wrapping("text", to: "https://example.org/ä b\u{7}\u{1B}\\")
        #expect(link == "\u{1B}]8;;https://example.org/%C3%A4%20b%07%1B\\\u{1B}\\text\u{1B}]8;;\u{1B}\\")
        #expect(Hyperlink.wrapping("text", to: "javascript:alert(1)") == "text", "only web and file addresses")
        #expect(Hyperlink.wrapping("a.txt", to: Hyperlink.fileAddress("/home/me/a b.txt")) == "\u{1B}]8;;file:///home/me/a%20b.txt\u{1B}\\a.txt\u{1B}]8;;\u{1B}\\")
    }

    @Test func aThemeLinksAddressesOnlyWhenLinksAreOn() {
        let on = Theme(usesColor: false, accent: .named(.green), makesLinks: true)
        let off = Theme(usesColor: false, accent: .named(.green))
        let text = "read https://example.org/a, then https://example.org/b"
        #expect(off.linked(text) == text)
        #expect(on.linked(text) == "read \u{1B}]8;;https://example.org/a\u{1B}\\https://example.org/a\u{1B}]8;;\u{1B}\\, then "
            + "\u{1B}]8;;https://example.org/b\u{1B}\\https://example.org/b\u{1B}]8;;\u{1B}\\")
    }

    /// A link takes only the columns of its text, so lines wrap and tables cut where they did.
    @Test func linksTakeNoRoom() {
        let on = Theme(usesColor: true, accent: .named(.green), makesLinks: true)
        let linked = on.dim(on.linked("https://example.org/a-long-address"))
        #expect(TextLayout.visibleLength(linked) == "https://example.org/a-long-address".count)
        #expect(TextLayout.visibleLength("\u{1B}]8;;https://x.example\u{7}x\u{1B}]8;;\u{7}") == 1, "ended by BEL too")
        let cut = TextLayout.cut(linked, to: 10)
        #expect(TerminalSafety.withoutHyperlinks(TerminalSafety.withoutSGR(cut)).text == "https://e…")
    }
}
