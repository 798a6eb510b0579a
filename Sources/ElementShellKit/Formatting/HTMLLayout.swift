/// Walks HTML tokens and lays their text out in lines; see `FormattedBody`.
struct HTMLLayout {
    /// An element whose end changes something: a style, a link's address to show, a block.
    private struct OpenElement {
        var name: String
        var style: TextStyle = []
        var linkTarget: String?
        var linkText = ""
    }

    /// What starts each line inside a block: a quote mark, or a list item's marker (once) and
    /// then its indentation.
    private enum Prefix {
        case quote
        case item(marker: String, isUsed: Bool)
        case list(ordered: Bool, next: Int)
    }

    /// Deeper nesting than this adds no more structure: hostile HTML cannot make work grow.
    static let maximumDepth = 64
    static let blocks: Set<String> = ["p", "div", "blockquote", "pre", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6",
                                      "table", "tr", "details", "summary", "hr"]
    static let hidden: Set<String> = ["mx-reply", "script", "style", "head", "title"]
    static let voids: Set<String> = ["br", "hr", "img", "input", "meta", "link", "wbr", "col", "area", "source"]

    private var lines: [[StyledRun]] = []
    private var current: [StyledRun] = []
    private var needsSpace = false
    private var open: [OpenElement] = []
    private var prefixes: [Prefix] = []
    private var preformatted = 0
    /// Inside hidden elements: their names, nested, until the outermost closes.
    private var hiddenNames: [String] = []

    private var style: TextStyle { open.reduce([]) { $0.union($1.style) } }

    mutating func take(_ token: HTMLToken) {
        if !hiddenNames.isEmpty {
            switch token {
            case .start(let name, _, let selfClosing) where !selfClosing && (Self.hidden.contains(name) || name == hiddenNames.first):
                hiddenNames.append(name)
            case .end(let name) where name == hiddenNames.last: hiddenNames.removeLast()
            default: break
            }
            return
        }
        switch token {
        case .text(let text): addText(text)
        case .start(let name, let attributes, let selfClosing): start(name, attributes, selfClosing: selfClosing)
        case .end(let name): end(name)
        }
    }

    mutating func finished() -> [[StyledRun]]? {
        breakLine()
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let visible = lines.contains { line in line.contains { !$0.text.allSatisfy(\.isWhitespace) } }
        return visible ? lines : nil
    }

    private mutating func start(_ name: String, _ attributes: [String: String], selfClosing: Bool) {
        if Self.hidden.contains(name) {
            if !selfClosing { hiddenNames.append(name) }
            return
        }
        switch name {
        case "br":
            breakLine(keepingEmpty: true)
            return
        case "hr":
            breakLine()
            append(StyledRun("───", .faint))
            breakLine()
            return
        case "img":
            let alt = attributes["alt"].flatMap { $0.isEmpty ? nil : $0 } ?? L10n.commonImage
            append(StyledRun("[\(alt)]", style.union(.faint)))
            return
        default:
            break
        }
        guard !selfClosing, !Self.voids.contains(name), open.count < Self.maximumDepth else { return }
        if Self.blocks.contains(name) { breakLine() }
        var element = OpenElement(name: name)
        switch name {
        case "b", "strong", "h1", "h2", "h3", "h4", "h5", "h6": element.style = .bold
        case "i", "em", "cite": element.style = .italic
        case "s", "del", "strike": element.style = .strikethrough
        case "u", "ins": element.style = .underline
        case "code": element.style = .code
        case "pre":
            element.style = .code
            preformatted += 1
        case "blockquote": prefixes.append(.quote)
        case "ul": prefixes.append(.list(ordered: false, next: 1))
        case "ol": prefixes.append(.list(ordered: true, next: Int(attributes["start"] ?? "") ?? 1))
        case "li": prefixes.append(.item(marker: nextMarker(), isUsed: false))
        case "a":
            let target = attributes["href"] ?? ""
            if MentionLink.isMention(target) {
                element.style = .mention
            } else if !target.isEmpty {
                element.style = .underline
                element.linkTarget = target
            }
        case "span" where attributes["data-mx-spoiler"] != nil:
            // A spoiler stays hidden: its text is not printed at all.
            append(StyledRun("[\(L10n.commonSpoiler)]", style.union(.faint)))
            hiddenNames.append(name)
            return
        default: break
        }
        open.append(element)
    }

    private mutating func end(_ name: String) {
        // Like browsers: an end tag closes the innermost element of its name and all inside it.
        guard let index = open.lastIndex(where: { $0.name == name }) else { return }
        for element in open[index...].reversed() {
            close(element)
        }
        open.removeSubrange(index...)
    }

    private mutating func close(_ element: OpenElement) {
        if let target = element.linkTarget, element.linkText.trimmingCharacters(in: .whitespaces) != target {
            append(StyledRun(" (\(target))", .faint))
        }
        switch element.name {
        case "pre":
            preformatted -= 1
        case "blockquote", "ul", "ol", "li":
            breakLine()
            if !prefixes.isEmpty { prefixes.removeLast() }
        default:
            break
        }
        if Self.blocks.contains(element.name) { breakLine() }
    }

    /// The marker of a new item of the innermost list.
    private mutating func nextMarker() -> String {
        guard let index = prefixes.lastIndex(where: { if case .list = $0 { true } else { false } }),
              case .list(let ordered, let next) = prefixes[index] else { return "• " }
        prefixes[index] = .list(ordered: ordered, next: next + 1)
        return ordered ? "\(next). " : "• "
    }

    private mutating func addText(_ text: String) {
        if preformatted > 0 {
            let pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index > 0 { breakLine(keepingEmpty: true) }
                if !piece.isEmpty { append(StyledRun(String(piece), style)) }
            }
            return
        }
        // Outside <pre>, any run of white space is one space, and none starts a line.
        var word = ""
        for character in text {
            if character.isWhitespace && character != "\u{A0}" {
                if !word.isEmpty { append(StyledRun(word, style)) }
                word = ""
                needsSpace = true
            } else {
                word.append(character == "\u{A0}" ? " " : character)
            }
        }
        if !word.isEmpty { append(StyledRun(word, style)) }
    }

    private mutating func append(_ run: StyledRun) {
        if current.isEmpty {
            current = linePrefix()
        } else if needsSpace {
            // The space takes only the styles on both sides: no underlined gap before a link.
            join(StyledRun(" ", (current.last?.style ?? []).intersection(run.style)))
        }
        needsSpace = false
        join(run)
    }

    /// Adds to the line as it is, merging with the last run when the style is the same.
    private mutating func join(_ run: StyledRun) {
        for index in open.indices where open[index].linkTarget != nil {
            open[index].linkText += run.text
        }
        if let last = current.last, last.style == run.style {
            current[current.count - 1].text += run.text
        } else {
            current.append(run)
        }
    }

    /// Quote marks and list indentation for a new line; a list item's marker on its first line only.
    private mutating func linePrefix() -> [StyledRun] {
        let innermostItem = prefixes.lastIndex { if case .item = $0 { true } else { false } }
        var runs: [StyledRun] = []
        for index in prefixes.indices {
            switch prefixes[index] {
            case .quote:
                runs.append(StyledRun("> ", .faint))
            case .item(let marker, let isUsed):
                if index == innermostItem, !isUsed {
                    runs.append(StyledRun(marker))
                    prefixes[index] = .item(marker: marker, isUsed: true)
                } else {
                    runs.append(StyledRun(String(repeating: " ", count: marker.count)))
                }
            case .list:
                break
            }
        }
        return runs
    }

    /// Ends the current line; an empty one only counts for `<br>` and inside `<pre>`.
    private mutating func breakLine(keepingEmpty: Bool = false) {
        needsSpace = false
        if current.isEmpty {
            if keepingEmpty { lines.append(linePrefix()) }
            return
        }
        lines.append(current)
        current = []
    }
}
