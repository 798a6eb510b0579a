import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct MarkdownTests {
    @Test func plainTextNeedsNoFormattedBody() {
        #expect(Markdown.html(from: "hello there, don't \"panic\" & relax") == nil)
        #expect(Markdown.html(from: "two\nlines") == nil)
        #expect(Markdown.html(from: "  padded  ") == nil)
    }

    @Test func inlineMarkdownBecomesTheSpecsTags() {
        #expect(Markdown.html(from: "*this* is **it** and `code`") == "<em>this</em> is <strong>it</strong> and <code>code</code>")
        #expect(Markdown.html(from: "see [the spec](https://spec.matrix.org)") == "see <a href=\"https://spec.matrix.org\">the spec</a>")
        #expect(Markdown.html(from: "a\\*b") == "a*b", "an escape is formatting: the body keeps the backslash")
    }

    @Test func blocksKeepTheirStructure() {
        #expect(Markdown.html(from: "> quoted\n\nnext") == "<blockquote><p>quoted</p></blockquote><p>next</p>")
        #expect(Markdown.html(from: "- a\n- b") == "<ul><li>a</li><li>b</li></ul>")
        #expect(Markdown.html(from: "3. c\n4. d") == "<ol start=\"3\"><li>c</li><li>d</li></ol>")
        #expect(Markdown.html(from: "```swift\nlet x = \"<y>\"\n```") == "<pre><code class=\"language-swift\">let x = &quot;&lt;y&gt;&quot;\n</code></pre>")
        #expect(Markdown.html(from: "# Title\ntext") == "<h1>Title</h1><p>text</p>")
    }

    @Test func rawHTMLAndUnsafeLinksAreNotPassedOn() {
        #expect(Markdown.html(from: "<b>hi</b> *x*") == "&lt;b&gt;hi&lt;/b&gt; <em>x</em>")
        #expect(Markdown.html(from: "[x](javascript:alert(1)) *y*") == "x <em>y</em>")
        #expect(Markdown.html(from: "![cat](https://example.org/cat.png)") == "<a href=\"https://example.org/cat.png\">cat</a>")
    }

    @Test func userIDsBecomeMentionLinksButNotInsideLinksOrCode() {
        #expect(Markdown.html(from: "hi @bob:hs.org.") == "hi <a href=\"https://matrix.to/#/@bob:hs.org\">@bob:hs.org</a>.")
        #expect(Markdown.html(from: "[@bob:hs](https://example.org) `@bob:hs`")
            == "<a href=\"https://example.org\">@bob:hs</a> <code>@bob:hs</code>")
        let lines = FormattedBody.lines(fromHTML: Markdown.html(from: "ping @bob:hs") ?? "")
        #expect(lines?.first?.last == StyledRun("@bob:hs", .mention), "it shows as a mention in the terminal")
    }

    @Test func whatGoesOutComesBackTheSameInTheTerminal() {
        let html = Markdown.html(from: "**bold** and [link](https://example.org)\n- one\n- two") ?? ""
        let lines = FormattedBody.lines(fromHTML: html)?.map { $0.map(\.text).joined() }
        #expect(lines == ["bold and link (https://example.org)", "• one", "• two"])
    }
}
