import ElementShellKit
import Foundation

/// Any composed message: the HTML sent carries neither raw HTML from the text nor a script link,
/// and it lays out again as an incoming message would.
enum MarkdownFuzz {
    static func test(_ input: Data) {
        guard let html = Markdown.html(from: String(decoding: input, as: UTF8.self)) else { return }
        let lowercased = html.lowercased()
        precondition(!lowercased.contains("<script"), "raw HTML reached the formatted body")
        precondition(!lowercased.contains("href=\"javascript:"), "a script link reached the formatted body")
        _ = FormattedBody.lines(fromHTML: html)
    }
}
