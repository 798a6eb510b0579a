import Foundation
import MatrixCrypto
import MatrixJSON
import Testing

@Suite struct CanonicalJSONTests {
    private func canonical(_ value: JSONValue) throws -> String {
        String(decoding: try value.canonicalEncoding(), as: UTF8.self)
    }

    @Test func sortsKeysAndDropsWhitespace() throws {
        let parsed = try JSONDecoder().decode(JSONValue.self, from: Data(#"{ "b": 2, "a": [1, true, null] }"#.utf8))
        #expect(try canonical(parsed) == #"{"a":[1,true,null],"b":2}"#)
    }

    @Test func sortsNestedObjects() throws {
        let value: JSONValue = ["outer": ["z": 1, "a": ["y": "x", "b": "c"]], "auth": "x"]
        #expect(try canonical(value) == #"{"auth":"x","outer":{"a":{"b":"c","y":"x"},"z":1}}"#)
    }

    /// Code point order, not Swift's: U+00E9 (é) sorts before U+65E5 (日), and "a" before both.
    @Test func sortsUnicodeKeysByCodePointAndKeepsThemUnescaped() throws {
        let value: JSONValue = ["日": 1, "é": 2, "a": 3, "\u{1F600}": 4]
        #expect(try canonical(value) == "{\"a\":3,\"é\":2,\"日\":1,\"\u{1F600}\":4}")
    }

    @Test func usesTheShortestEscapes() throws {
        let value: JSONValue = .string("q\" b\\ \n\t\u{8}\u{C}\r \u{1}\u{1F} / \u{7F}")
        #expect(try canonical(value) == #""q\" b\\ \n\t\b\f\r \u0001\u001f / "# + "\u{7F}\"")
    }

    @Test func refusesFloatsAndIntegersBeyondTwoToTheFiftyThree() throws {
        let float = try JSONDecoder().decode(JSONValue.self, from: Data("1.5".utf8))
        #expect(throws: MatrixCryptoError.notAnInteger(1.5)) { try float.canonicalEncoding() }
        #expect(throws: MatrixCryptoError.notAnInteger(2)) { try JSONValue.object(["n": 2.0]).canonicalEncoding() }
        #expect(throws: MatrixCryptoError.integerOutOfRange(1 << 53)) { try JSONValue.integer(1 << 53).canonicalEncoding() }
        #expect(try canonical(.integer(-(1 << 53) + 1)) == "-9007199254740991")
    }
}
