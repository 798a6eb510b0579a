import ElementShellKit
import Foundation

/// Any `formatted_body`: the layout never crashes, and when it gives lines some text is visible
/// (otherwise the plain body must be shown instead).
enum FormattedBodyFuzz {
    static func test(_ input: Data) {
        guard let lines = FormattedBody.lines(fromHTML: String(decoding: input, as: UTF8.self)) else { return }
        precondition(lines.joined().contains { !$0.text.allSatisfy(\.isWhitespace) }, "laid out lines show nothing")
    }
}
