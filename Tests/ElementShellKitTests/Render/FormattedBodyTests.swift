import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct FormattedBodyTests {
    /// Lines as plain text, with styles named in brackets: `[b]bold[/]`.
    func layout(_ html: String) -> [String]? {
        FormattedBody.lines(fromHTML: html)?.map { line in
            line.map { run in
                let names = [(TextStyle.bold, "b"), (.italic, "i"), (.strikethrough, "s"), (.underline, "u"), (.code, "c"), (.mention, "m"), (.faint, "f")]
                    .filter { run.style.contains($0.0) }.map(\.1)
                return names.isEmpty ? run.text : "[\(names.joined(separator: ","))]\(run.text)[/]"
            }.joined()
        }
    }

    @Test func inlineStylesNestAndCombine() {
        #expect(layout("<b>bold <i>both</i></b> <del>gone</del> <code>x()</code>") == ["[b]bold [/][b,i]both[/] [s]gone[/] [c]x()[/]"])
    }

    @Test func paragraphsQuotesAndListsBecomeLines() {
        #expect(layout("<p>one</p><p>two</p>") == ["one", "two"])
        #expect(layout("<blockquote><p>quoted<br>twice</p></blockquote>after") == ["[f]> [/]quoted", "[f]> [/]twice", "after"])
        #expect(layout("<ul><li>a</li><li>b<ol start=\"3\"><li>c</li><li>d</li></ol></li></ul>")
            == ["• a", "• b", "  3. c", "  4. d"])
    }

    @Test func codeBlocksKeepTheirLinesAndSpaces() {
        #expect(layout("<pre><code>let x = 1\n  if x {\n}\n</code></pre>") == ["[c]let x = 1[/]", "[c]  if x {[/]", "[c]}[/]"])
    }

    @Test func linksShowTheirAddressAndMentionsStandOut() {
        #expect(layout("see <a href=\"https://example.org/a\">this</a>") == ["see [u]this[/][f] (https://example.org/a)[/]"])
        #expect(layout("<a href=\"https://example.org\">https://example.org</a>") == ["[u]https://example.org[/]"])
        #expect(layout("hi <a href=\"https://matrix.to/#/@bob:hs\">Bob</a>!") == ["hi [m]Bob[/]!"])
    }

    @Test func theReplyFallbackScriptsAndSpoilersAreNotShown() {
        #expect(layout("<mx-reply><blockquote>old <b>text</b></blockquote></mx-reply>answer") == ["answer"])
        #expect(layout("<script>alert(1)</script><style>p{}</style>ok") == ["ok"])
        #expect(layout("the end: <span data-mx-spoiler>he <span>dies</span></span>!") == ["the end: [f][spoiler][/]!"])
    }

    @Test func entitiesAreDecodedAndUnknownTagsKeepTheirText() {
        #expect(layout("a &lt;b&gt; &amp;amp; &#x1F600; &#65; &bogus; &#0; <font color=red>red</font>") == ["a <b> &amp; 😀 A &bogus; \u{FFFD} red"])
        #expect(layout("1 < 2 and <notatag") == ["1 < 2 and <notatag"])
        #expect(layout("<!-- hidden -->x<img src=\"mxc://a/b\" alt=\"cat\">") == ["x[f][cat][/]"])
    }

    @Test func nothingVisibleFallsBackToTheBody() {
        #expect(layout("") == nil)
        #expect(layout("<p> </p><br>") == nil)
        #expect(layout("<mx-reply>only a fallback</mx-reply>") == nil)
    }

    @Test func hostileNestingStaysCheap() {
        let deep = String(repeating: "<blockquote><b>", count: 10_000) + "x" + String(repeating: "</b></blockquote>", count: 10_000)
        let lines = layout(deep)
        #expect(lines?.count == 1)
        #expect(lines?.first?.hasSuffix("x[/]") == true)
        #expect(layout(String(repeating: "<", count: 5_000)) == [String(repeating: "<", count: 5_000)])
    }

    @Test func controlCharactersAreMadeVisibleWhenStyled() {
        let theme = Theme(usesColor: true, accent: .named(.green))
        let line = theme.line([StyledRun("a\u{1B}]52;c;x\u{7}b", .bold)])
        #expect(line == "\u{1B}[1maU+1B]52;c;xU+7b\u{1B}[0m")
    }
}
