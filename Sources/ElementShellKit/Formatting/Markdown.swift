import CCmark
import Foundation
import MatrixClient

/// Outgoing Markdown as the `formatted_body` HTML of a message, through libcmark (CommonMark).
/// Only tags from the spec's recommended subset come out: raw HTML in the text is escaped, links
/// keep only safe schemes, and line breaks the user typed stay line breaks.
public enum Markdown {
    /// The HTML for `text`; `nil` when it holds no formatting, so the message goes as plain text.
    public static func html(from text: String) -> String? {
        guard let document = cmark_parse_document(text, text.utf8.count, CMARK_OPT_VALIDATE_UTF8) else { return nil }
        defer { cmark_node_free(document) }
        var writer = MatrixHTMLWriter()
        writer.write(document)
        let html = writer.html
        let plain = HTMLEscaping.escaped(text.trimmingCharacters(in: .whitespacesAndNewlines))
        return html == plain.replacingOccurrences(of: "\n", with: "<br>") ? nil : html
    }
}

/// Writes a cmark tree as Matrix HTML (see `Markdown`).
private struct MatrixHTMLWriter {
    static let linkSchemes: Set<String> = ["http", "https", "ftp", "mailto", "magnet", "matrix"]

    private(set) var html = ""
    /// A message of one paragraph goes without `<p>`, as other clients send it.
    private var unwrapsParagraph = false
    /// Inside a link, user IDs are its text, not links of their own.
    private var linkDepth = 0

    mutating func write(_ document: OpaquePointer) {
        let first = cmark_node_first_child(document)
        unwrapsParagraph = first != nil && cmark_node_next(first) == nil && cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            visit(node, entering: event == CMARK_EVENT_ENTER)
        }
    }

    private mutating func visit(_ node: OpaquePointer, entering: Bool) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT:
            html += linkDepth > 0 ? HTMLEscaping.escaped(literal(of: node)) : Mentions.linked(literal(of: node), escape: HTMLEscaping.escaped)
        case CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK:
            // Raw HTML is shown as typed, never passed on: `/html` is for that.
            html += HTMLEscaping.escaped(literal(of: node))
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            html += "<br>"
        case CMARK_NODE_CODE:
            html += "<code>" + HTMLEscaping.escaped(literal(of: node)) + "</code>"
        case CMARK_NODE_CODE_BLOCK:
            let language = String(cString: cmark_node_get_fence_info(node)).split(separator: " ").first
            let attribute = language.map { " class=\"language-\(HTMLEscaping.escaped(String($0)))\"" } ?? ""
            html += "<pre><code\(attribute)>" + HTMLEscaping.escaped(literal(of: node)) + "</code></pre>"
        case CMARK_NODE_THEMATIC_BREAK:
            html += "<hr>"
        case CMARK_NODE_PARAGRAPH:
            if !unwrapsParagraph, !isInTightList(node) { html += entering ? "<p>" : "</p>" }
        case CMARK_NODE_EMPH: html += entering ? "<em>" : "</em>"
        case CMARK_NODE_STRONG: html += entering ? "<strong>" : "</strong>"
        case CMARK_NODE_BLOCK_QUOTE: html += entering ? "<blockquote>" : "</blockquote>"
        case CMARK_NODE_ITEM: html += entering ? "<li>" : "</li>"
        case CMARK_NODE_HEADING:
            let level = min(max(Int(cmark_node_get_heading_level(node)), 1), 6)
            html += entering ? "<h\(level)>" : "</h\(level)>"
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            let start = Int(cmark_node_get_list_start(node))
            if entering {
                html += ordered ? (start == 1 ? "<ol>" : "<ol start=\"\(start)\">") : "<ul>"
            } else {
                html += ordered ? "</ol>" : "</ul>"
            }
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            // Images must be mxc:// in Matrix: a Markdown image becomes a link to it.
            let url = String(cString: cmark_node_get_url(node))
            guard Self.isSafe(url) else { return }
            linkDepth += entering ? 1 : -1
            html += entering ? "<a href=\"\(HTMLEscaping.escaped(url))\">" : "</a>"
        default:
            break
        }
    }

    private func literal(of node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    private func isInTightList(_ paragraph: OpaquePointer) -> Bool {
        guard let item = cmark_node_parent(paragraph), cmark_node_get_type(item) == CMARK_NODE_ITEM,
              let list = cmark_node_parent(item) else { return false }
        return cmark_node_get_list_tight(list) != 0
    }

    private static func isSafe(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        return linkSchemes.contains(url[..<colon].lowercased())
    }
}
