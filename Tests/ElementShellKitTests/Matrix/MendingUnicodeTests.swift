import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

/// Small answers decode with Foundation's `JSONDecoder`, which refuses lone surrogate escapes and
/// bytes that are not UTF-8: they are mended to U+FFFD first, as `JSONReader` reads them.
@Suite struct MendingUnicodeTests {
    func displayName(_ json: [UInt8]) throws -> String? {
        let members = try MatrixClient.decode(JoinedMembers.self, from: Data(json))
        return members.joined["@m:hs"]?.displayName
    }

    func members(named name: String) -> [UInt8] {
        Array(#"{"joined":{"@m:hs":{"display_name":"\#(name)"}}}"#.utf8)
    }

    @Test func loneSurrogateEscapesBecomeReplacementCharacters() throws {
        #expect(try displayName(members(named: #"a\ud800b"#)) == "a\u{FFFD}b", "a high half alone")
        #expect(try displayName(members(named: #"a\udc00"#)) == "a\u{FFFD}", "a low half alone")
        #expect(try displayName(members(named: #"\ud83d\ud83d\ude00"#)) == "\u{FFFD}😀", "a high half before a whole pair")
        #expect(try displayName(members(named: #"\ud83d\ude00"#)) == "😀", "a pair is left as it is")
        #expect(try displayName(members(named: #"\\ud800"#)) == #"\ud800"#, "an escaped backslash is no escape")
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() throws {
        let broken = Array(#"{"joined":{"@m:hs":{"display_name":"a"#.utf8) + [0xFF, 0xC3] + Array(#"b"}}}"#.utf8)
        #expect(try displayName(broken) == "a\u{FFFD}\u{FFFD}b")
    }

    @Test func textWithNothingToMendIsUnchanged() {
        let text = Data(#"{"a":"\u00e9\n\\u","b":"é😀"}"#.utf8)
        #expect(text.mendingUnicode() == text)
    }
}
