import Foundation
import MatrixJSON
import Testing
@testable import MatrixClient

/// `JSONValue.text`, which the store keeps content in: read back by the client's own reader and
/// by Foundation's, it is the value it was.
@Suite struct JSONValueTextTests {
    let value: JSONValue = [
        "plain": "text", "quoted": "a \"b\" \\ c /", "controls": "\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}",
        "unicode": "café € 😀", "": "an empty key",
        "numbers": [0, -1, .integer((1 << 53) - 1), .integer(-(1 << 53) + 1), 1.5, -0.25, 1e-7, 6.02e23],
        "nested": ["a": [[], [:], nil, true, false], "b": ["c": ["d": "deep"]]],
    ]

    @Test func readsBackAsTheSameValue() throws {
        let text = value.text
        let read = try JSONReader.read(Data(text.utf8)) { reader throws(JSONError) in try JSONValue(reading: &reader) }
        #expect(read == value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) == value)
    }

    @Test func isCompactAndEscapesOnlyWhatItMust() {
        #expect(JSONValue.array(["x", 1, nil]).text == #"["x",1,null]"#)
        #expect(JSONValue.string("a/b \u{1}\n é").text == #""a/b \u0001\n é""#)
        #expect(JSONValue.object(["k": .double(.infinity)]).text == #"{"k":null}"#, "JSON has no infinity")
    }
}
