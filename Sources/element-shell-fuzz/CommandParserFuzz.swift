import ElementShellKit
import Foundation

/// Any line typed at the prompt: parsing gives an action or a usage error, never a crash; a blank
/// line gives nothing and a line that is not a command is sent exactly as typed.
enum CommandParserFuzz {
    static func test(_ input: Data) {
        let line = String(decoding: input, as: UTF8.self)
        do {
            let action = try CommandParser.parse(line, aliasNames: ["fuzz-alias"])
            switch line.first(where: { !$0.isWhitespace }) {
            case nil: precondition(action == nil, "a blank line gave an action")
            case "/": break
            default: precondition(action == .message(.send(text: line)), "a message was not sent as typed")
            }
        } catch {
            // A usage error is a fine answer to an arbitrary line.
        }
    }
}
